/**
 * Opening, saving and sharing packs: the packs dialog (packs saved in this browser, new packs from
 * templates, packs of the catalog the studio is served with, a .zip or a folder from disk), export as
 * a .zip, a share link for one level, the autosave after every edit and the snapshots to go back to.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import { namesFromFolder, starterFiles } from "@gridponder/templates";
import { packFilesFromDirectoryHandle, packFilesFromFileList } from "../io/folder-files.js";
import { newProjectId, ProjectStore } from "../io/project-store.js";
import { levelShareFragment, packFromShareFragment } from "../io/share-link.js";
import { packToZip, zipToPack } from "../io/zip.js";
import { fetchCatalogIndex, fetchCatalogPack } from "./catalog-source.js";
import { h, pushButton, replaceChildren } from "./dom.js";
import type { Editor } from "./editor.js";
import { fetchTemplate, fetchTemplates } from "./template-source.js";

export interface ProjectMenuOptions {
  readonly editor: Editor;
  readonly say: (text: string) => void;
}

/** A snapshot is kept at most this often while editing (and whenever a pack is opened or restored). */
const SNAPSHOT_EVERY_MS = 2 * 60_000;

export class ProjectMenu {
  readonly element: HTMLElement;
  readonly dialog: HTMLDialogElement;
  readonly #store = new ProjectStore();
  readonly #editor: Editor;
  readonly #say: (text: string) => void;
  #lastSnapshot = 0;
  #saving: Promise<void> = Promise.resolve();

  constructor(options: ProjectMenuOptions) {
    this.#editor = options.editor;
    this.#say = options.say;
    this.dialog = h("dialog", { class: "packs-dialog", attrs: { "aria-label": "Packs" } });
    this.element = h("div", { class: "project-menu" }, [
      pushButton("Packs…", () => void this.showPacks(), {
        attrs: { title: "Open, create or import a pack" },
      }),
      pushButton("Export .zip", () => this.#export(), { attrs: { title: "Download the pack as a .zip" } }),
      pushButton("Share level", () => void this.#share(), {
        attrs: { title: "Copy a link that opens this level" },
      }),
      pushButton("History…", () => void this.#showSnapshots(), {
        attrs: { title: "Go back to an earlier state" },
      }),
    ]);
    // Flush the autosave when the page goes away, so a closed tab loses nothing.
    addEventListener("pagehide", () => void this.autosave());
  }

  /** Opens what the address names (a shared level, a catalog level to copy), else the last pack. */
  async openFromAddress(hash: string): Promise<void> {
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    const shared = params.get("share");
    const edit = params.get("edit");
    if (shared !== null) {
      const read = packFromShareFragment(hash);
      this.#clearAddress();
      if (read.ok) return this.#openNew(read.files, "shared link");
      this.#say(`The shared link could not be opened: ${read.error}`);
    } else if (edit !== null) {
      const [slug = "", level = ""] = edit.split("/");
      this.#clearAddress();
      const opened = await this.#openCatalogPack(slug, level);
      if (opened) return;
    }
    const recent = (await this.#store.list())[0];
    const project = recent ? await this.#store.load(recent.id) : null;
    if (project) {
      this.#editor.open(project.id, project.files, project.origin ?? "");
      return;
    }
    await this.#openNew(starterFiles(namesFromFolder("my first pack"), "studio"), "starter");
  }

  /** Saves the current state of the pack (after every edit; saves run one after another). */
  autosave(): Promise<void> {
    const editor = this.#editor;
    const id = editor.projectId;
    if (!id) return this.#saving;
    const project = {
      id,
      title: editor.title,
      files: editor.files,
      updatedAt: Date.now(),
      origin: editor.origin,
    };
    this.#saving = this.#saving
      .then(async () => {
        await this.#store.save(project);
        if (Date.now() - this.#lastSnapshot >= SNAPSHOT_EVERY_MS) {
          this.#lastSnapshot = Date.now();
          await this.#store.snapshot(id);
        }
      })
      .catch((error: unknown) =>
        this.#say(`Saving in this browser failed: ${String(error)}. Export a .zip to keep your work.`),
      );
    return this.#saving;
  }

  async #openNew(files: PackFiles, origin: string, level?: string): Promise<void> {
    await this.autosave();
    const id = newProjectId();
    this.#editor.open(id, files, origin, level);
    this.#lastSnapshot = 0;
    await this.autosave();
    this.dialog.close();
  }

  #clearAddress(): void {
    // Opened once: a reload then finds the autosaved copy instead of opening another.
    history.replaceState(null, "", location.pathname + location.search);
  }

  async #openCatalogPack(slug: string, level: string): Promise<boolean> {
    try {
      const files = await fetchCatalogPack(slug);
      await this.#openNew(files, `catalog:${slug}`, level);
      this.#say(`Editing a copy of ${slug}. The published pack is unchanged.`);
      return true;
    } catch (error) {
      this.#say(
        `The catalog pack could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }

  /** The packs dialog. */
  async showPacks(): Promise<void> {
    const saved = await this.#store.list();
    const catalog = await fetchCatalogIndex().catch(() => null);
    const templates = await fetchTemplates().catch(() => []);
    const zipInput = h("input", {
      attrs: { type: "file", accept: ".zip,application/zip", "aria-label": "Open a .zip" },
    });
    zipInput.addEventListener("change", () => void this.#openZip(zipInput.files?.[0]));
    const folderInput = h("input", {
      attrs: { type: "file", webkitdirectory: "", "aria-label": "Open a folder" },
    });
    folderInput.addEventListener("change", () => void this.#openFolder(folderInput.files));
    const pickFolder =
      "showDirectoryPicker" in globalThis
        ? pushButton("Open a folder…", () => void this.#pickFolder())
        : h("label", { class: "file-button" }, [h("span", { text: "Open a folder…" }), folderInput]);
    replaceChildren(this.dialog, [
      h("h2", { text: "Packs" }),
      h("section", {}, [
        h("h3", { text: "New" }),
        pushButton(
          "New starter pack",
          () => void this.#openNew(starterFiles(namesFromFolder("new pack"), "studio"), "starter"),
        ),
        h("label", { class: "file-button" }, [h("span", { text: "Open a .zip…" }), zipInput]),
        pickFolder,
      ]),
      templates.length > 0
        ? h("section", { class: "templates" }, [
            h("h3", { text: "Start from a family of mechanics" }),
            ...templates.map((t) =>
              pushButton(t.title, () => void this.#openTemplate(t.slug), { attrs: { title: t.description } }),
            ),
          ])
        : null,
      h("section", {}, [
        h("h3", { text: "Saved in this browser" }),
        saved.length === 0
          ? h("p", { class: "muted", text: "None yet." })
          : h(
              "ul",
              { class: "saved-packs" },
              saved.map((p) =>
                h("li", {}, [
                  pushButton(p.title || "Untitled pack", () => void this.#openSaved(p.id)),
                  h("span", { class: "muted", text: ` saved ${new Date(p.updatedAt).toLocaleString()}` }),
                ]),
              ),
            ),
      ]),
      catalog && catalog.packs.length > 0
        ? h("section", {}, [
            h("h3", { text: "Copy a pack of this catalog" }),
            h(
              "ul",
              { class: "catalog-packs" },
              catalog.packs.map((p) =>
                h("li", {}, [pushButton(p.title, () => void this.#openCatalogPack(p.slug, ""))]),
              ),
            ),
          ])
        : null,
      pushButton("Close", () => this.dialog.close()),
    ]);
    if (!this.dialog.open) this.dialog.showModal();
  }

  async #openTemplate(slug: string): Promise<void> {
    try {
      await this.#openNew(await fetchTemplate(slug), `template:${slug}`);
    } catch (error) {
      this.#say(
        `The template could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async #openSaved(id: string): Promise<void> {
    await this.autosave();
    const project = await this.#store.load(id);
    if (!project) return this.#say("That pack is no longer saved in this browser.");
    this.#editor.open(project.id, project.files, project.origin ?? "");
    this.dialog.close();
  }

  async #openZip(file: File | undefined): Promise<void> {
    if (!file) return;
    const read = zipToPack(new Uint8Array(await file.arrayBuffer()));
    if (!read.ok) return this.#say(`${file.name} was not opened: ${read.error}`);
    await this.#openNew(read.files, `zip:${file.name}`);
    this.#say(`Opened ${file.name}.${read.notes.length > 0 ? ` ${read.notes.join(" ")}` : ""}`);
  }

  async #openFolder(list: FileList | null): Promise<void> {
    if (!list || list.length === 0) return;
    const read = await packFilesFromFileList([...list]);
    if (!read.ok) return this.#say(`The folder was not opened: ${read.error}`);
    await this.#openNew(read.files, "folder");
  }

  async #pickFolder(): Promise<void> {
    const picker = (globalThis as { showDirectoryPicker?: () => Promise<unknown> }).showDirectoryPicker;
    if (!picker) return;
    let handle: unknown;
    try {
      handle = await picker();
    } catch {
      return; // the author cancelled
    }
    const read = await packFilesFromDirectoryHandle(
      handle as Parameters<typeof packFilesFromDirectoryHandle>[0],
    );
    if (!read.ok) return this.#say(`The folder was not opened: ${read.error}`);
    await this.#openNew(read.files, "folder");
  }

  #export(): void {
    const bytes = packToZip(this.#editor.files);
    const name = `${(this.#editor.title || "pack").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "pack"}.zip`;
    const url = URL.createObjectURL(
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }),
    );
    const link = h("a", { attrs: { href: url, download: name } });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    this.#say(`Exported ${name} (${bytes.length.toLocaleString("en-US")} bytes).`);
  }

  async #share(): Promise<void> {
    const level = this.#editor.level;
    if (!level) return;
    let url: string;
    try {
      url = `${location.origin}${location.pathname}${levelShareFragment(this.#editor.files, level.id)}`;
    } catch (error) {
      this.#say(`This level cannot be shared yet: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      this.#say(`Copied a link to ${level.id} (${url.length.toLocaleString("en-US")} characters).`);
    } catch {
      this.#say(`Copy this link: ${url}`);
    }
  }

  async #showSnapshots(): Promise<void> {
    const id = this.#editor.projectId;
    if (!id) return;
    await this.autosave();
    const snapshots = (await this.#store.snapshots(id)).reverse();
    this.dialog.replaceChildren(
      h("h2", { text: "History of this pack" }),
      h("p", {
        class: "muted",
        text: "The last 20 snapshots. Restoring one keeps the current state as a snapshot too.",
      }),
      snapshots.length === 0
        ? h("p", { class: "muted", text: "No snapshots yet." })
        : h(
            "ol",
            { class: "snapshots" },
            snapshots.map((s) =>
              h("li", {}, [
                h("span", { text: `${new Date(s.at).toLocaleString()} — ${s.title} ` }),
                pushButton("Restore", () => void this.#restore(id, s.at)),
              ]),
            ),
          ),
      pushButton("Close", () => this.dialog.close()),
    );
    if (!this.dialog.open) this.dialog.showModal();
  }

  async #restore(id: string, at: number): Promise<void> {
    const project = await this.#store.restore(id, at);
    if (!project) return this.#say("That snapshot is gone.");
    this.#editor.open(project.id, project.files, project.origin ?? "");
    this.dialog.close();
    this.#say(`Restored the snapshot of ${new Date(at).toLocaleString()}.`);
  }
}
