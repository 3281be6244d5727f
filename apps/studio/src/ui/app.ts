/** Mounts the studio into `root`. */
export async function startStudio(root: HTMLElement): Promise<void> {
  root.textContent = "Gridponder studio";
}
