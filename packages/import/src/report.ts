/**
 * The report an import writes beside the pack: what did not carry over, which reading was chosen where
 * the source language's document is silent or differs from its implementation, and which rules the
 * source game lacks (named, never invented).
 * @module
 */

/** One entry of a report, about a place in the source (`""` for the whole file). */
export interface ReportItem {
  pointer: string;
  /** A few words naming the construct or the question. */
  topic: string;
  /** What happened to it, and why. */
  text: string;
}

/** What an import did with its source. */
export interface ImportReport {
  /** The source language: `sdgdl` (the state-driven GDL) or `bagel` (B.A.G.E.L.). */
  format: "sdgdl" | "bagel";
  /** The source file's name. */
  source: string;
  /** Constructs of the source that are not in the pack, and why. */
  notCarried: ReportItem[];
  /** Readings chosen where the source's document is silent, ambiguous or differs from its implementation. */
  readings: ReportItem[];
  /** Rules the game usually has that the source does not state, so the pack does not have them either. */
  lacks: ReportItem[];
}

export function emptyReport(format: ImportReport["format"], source: string): ImportReport {
  return { format, source, notCarried: [], readings: [], lacks: [] };
}

const LANGUAGE = { sdgdl: "the state-driven GDL", bagel: "B.A.G.E.L." } as const;

function section(title: string, items: ReportItem[], none: string): string[] {
  const lines = [`## ${title}`, ""];
  if (items.length === 0) return [...lines, none, ""];
  for (const item of items)
    lines.push(`- **${item.topic}**${item.pointer === "" ? "" : ` (\`${item.pointer}\`)`}: ${item.text}`);
  return [...lines, ""];
}

/** The report as Markdown, the text `import-report.md` holds. */
export function reportText(report: ImportReport, title: string): string {
  return [
    `# Import report: ${title}`,
    "",
    `Imported from \`${report.source}\`, written in ${LANGUAGE[report.format].replace(/\.$/, "")}.`,
    "",
    ...section("Not carried over", report.notCarried, "Everything in the source carried over."),
    ...section("Readings chosen", report.readings, "No reading had to be chosen."),
    ...section("Rules the source does not state", report.lacks, "None noticed."),
  ].join("\n");
}
