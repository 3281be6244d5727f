/** What a catalog build is doing, for progress displays. */
export type CatalogProgress =
  | { readonly phase: "compile"; readonly done: number; readonly total: number; readonly pack: string | null }
  | {
      readonly phase: "solve";
      readonly done: number;
      readonly total: number;
      /** The pack folder and level the solver started or finished last; `null` before it starts. */
      readonly pack: string | null;
      readonly level: string | null;
    }
  | { readonly phase: "pages" }
  | { readonly phase: "assets"; readonly done: number; readonly total: number }
  | { readonly phase: "done" };

export type ProgressListener = (event: CatalogProgress) => void;
