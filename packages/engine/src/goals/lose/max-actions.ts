import { lose } from "./define.js";

/** `max_actions`: the level is lost once `limit` actions were taken. */
export const maxActions = lose("max_actions", ({ draft }, c) => draft.actionCount >= c.config.limit, {
  actionLimit: (c) => c.config.limit,
  search: { readsOnlyWhatConfigNames: true },
  describe: (c) => `Out of moves: this level allows ${c.config.limit} actions.`,
});
