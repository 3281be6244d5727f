import { describe, expect, it } from "vitest";
import { overlongLinkText, sharedLinkText, unreadableLinkText } from "../src/client/share-text.js";

const report = (played: number, refused: number | null, tooLong = false) => ({
  played,
  refused,
  limit: 1_250,
  tooLong,
});

describe("what the level page says about a shared link", () => {
  it("counts the moves it replayed, not the moves the link holds", () => {
    expect(sharedLinkText(report(1, null), 1, 7, 5)).toBe("Shared position: 1 move replayed.");
    expect(sharedLinkText(report(20_000, null), 20_000, 7, 5)).toBe(
      "Shared position: 20,000 moves replayed.",
    );
    expect(sharedLinkText(report(0, 0), 1, 7, 5)).toBe(
      "The shared moves were not replayed: move 1 of 1 cannot be played here. The level starts from the beginning.",
    );
    expect(sharedLinkText(report(12, 12), 15, 7, 5)).toBe(
      "Shared position: 12 moves replayed. The replay stopped at move 13 of 15, which cannot be played here.",
    );
  });

  it("says why a link was not replayed at all", () => {
    expect(sharedLinkText(report(0, null, true), 20_000, 40, 40)).toBe(
      "The shared moves were not replayed: the link holds 20,000 moves, and on this 40×40 board a link " +
        "may replay at most 1,250. The level starts from the beginning.",
    );
    expect(overlongLinkText(20_000)).toBe(
      "The shared moves were not replayed: the link holds more than 20,000 moves, the most a link may " +
        "hold. The level starts from the beginning.",
    );
    expect(unreadableLinkText()).toBe(
      "This share link could not be read. The level starts from the beginning.",
    );
  });
});
