/** Why an edit was refused; the UI shows `message` and may branch on `code`. */
export type EditErrorCode =
  | "off_board"
  | "unknown_kind"
  | "unknown_layer"
  | "wrong_layer"
  | "unknown_param"
  | "no_entity"
  | "bad_size"
  | "bad_value"
  | "bad_layer"
  | "bad_id"
  | "duplicate_id"
  | "not_found"
  | "cell_taken"
  | "in_use"
  | "bad_file";

/** An edit the model refuses (an off-board cell, an unknown kind, …). Nothing was changed. */
export class EditError extends Error {
  override readonly name = "EditError";
  constructor(
    readonly code: EditErrorCode,
    message: string,
  ) {
    super(message);
  }
}
