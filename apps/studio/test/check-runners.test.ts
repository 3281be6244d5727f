import type { PackFiles, ValidPack } from "@gridponder/schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckReply } from "../src/check/check-protocol.js";
import { CheckRunner } from "../src/check/check-runner.js";
import { LatestWorker } from "../src/check/latest-worker.js";
import type { CheckedPack } from "../src/check/pack-check.js";
import { VerdictRunner, type VerdictUpdate } from "../src/check/verdict-runner.js";

/** A worker that keeps what it is sent and answers only when the test says so. */
class FakeWorker extends EventTarget {
  readonly sent: { id: number }[] = [];
  terminated = false;

  postMessage(request: { id: number }): void {
    if (this.terminated) throw new Error("posted to an ended worker");
    this.sent.push(request);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(data: object): void {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }

  /** Fails as a worker does; whether the failure reached the console is whether nobody prevented it. */
  fail(message: string): boolean {
    const event = Object.assign(new Event("error", { cancelable: true }), { message });
    this.dispatchEvent(event);
    return event.defaultPrevented;
  }
}

function workers() {
  const started: FakeWorker[] = [];
  const start = () => {
    const worker = new FakeWorker();
    started.push(worker);
    return worker as unknown as Worker;
  };
  return { started, start };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("LatestWorker", () => {
  it("passes on the reply to the newest request only, and starts a worker when one is needed", () => {
    const { started, start } = workers();
    const replies: { id: number }[] = [];
    const worker = new LatestWorker<{ id: number }>({
      start,
      onReply: (r) => replies.push(r),
      onError: () => {},
    });
    expect(started).toHaveLength(0);
    const first = worker.nextId();
    worker.post({ id: first });
    const second = worker.nextId();
    worker.post({ id: second });
    expect(started).toHaveLength(1);
    started[0]?.reply({ id: first });
    expect(replies).toEqual([]);
    started[0]?.reply({ id: second });
    expect(replies).toEqual([{ id: second }]);

    worker.terminate();
    expect(started[0]?.terminated).toBe(true);
    worker.post({ id: worker.nextId() });
    expect(started).toHaveLength(2);
    expect(started[1]?.sent).toEqual([{ id: 3 }]);
  });

  it("keeps a worker's failure from the console and reports its message", () => {
    const { started, start } = workers();
    const errors: string[] = [];
    const worker = new LatestWorker({ start, onReply: () => {}, onError: (m) => errors.push(m) });
    worker.start();
    worker.start();
    expect(started).toHaveLength(1);
    expect(started[0]?.fail("<script>boom</script>")).toBe(true);
    expect(errors).toEqual(["<script>boom</script>"]);
  });
});

describe("VerdictRunner", () => {
  const pack = {} as ValidPack;

  function runner() {
    vi.useFakeTimers();
    const { started, start } = workers();
    const updates: VerdictUpdate[] = [];
    const verdicts = new VerdictRunner({
      maxStates: 1000,
      debounceMs: 50,
      onUpdate: (u) => updates.push(u),
      startWorker: start,
    });
    return { started, updates, verdicts };
  }

  it("searches only the newest of a burst of edits, once the burst has paused, in a worker started at the first", () => {
    const { started, updates, verdicts } = runner();
    expect(started).toHaveLength(0);
    verdicts.request(pack, "a");
    // The worker loads the solver while the edit waits for the next one.
    expect(started).toHaveLength(1);
    expect(started[0]?.sent).toEqual([]);
    verdicts.request(pack, "b");
    expect(verdicts.idle).toBe(false);
    expect(started).toHaveLength(1);
    vi.runAllTimers();
    expect(started).toHaveLength(1);
    expect(started[0]?.sent).toEqual([{ id: 2, pack, level: "b", maxStates: 1000 }]);
    expect(updates.map((u) => [u.level, u.verdict.kind])).toEqual([
      ["a", "searching"],
      ["b", "searching"],
    ]);
    started[0]?.reply({ type: "error", id: 2, message: "no such level" });
    expect(verdicts.idle).toBe(true);
    expect(updates.at(-1)?.verdict.kind).toBe("failed");
  });

  it("ends the worker of a search an edit replaced, and drops what it still says", () => {
    const { started, updates, verdicts } = runner();
    verdicts.request(pack, "a");
    vi.runAllTimers();
    verdicts.request(pack, "b");
    // Ended at the edit, and its successor started before the edit's pause is over.
    expect(started[0]?.terminated).toBe(true);
    expect(started).toHaveLength(2);
    expect(started[1]?.sent).toEqual([]);
    started[0]?.reply({ type: "error", id: 1, message: "late" });
    expect(updates.map((u) => u.verdict.kind)).toEqual(["searching", "searching"]);
    vi.runAllTimers();
    expect(started[1]?.sent.map((r) => r.id)).toEqual([2]);

    verdicts.cancel();
    expect(started[1]?.terminated).toBe(true);
    expect(verdicts.idle).toBe(true);
  });

  it("reports a worker that fails, and starts a fresh one for the next edit", () => {
    const { started, updates, verdicts } = runner();
    verdicts.request(pack, "a");
    vi.runAllTimers();
    expect(started[0]?.fail("")).toBe(true);
    expect(started[0]?.terminated).toBe(true);
    expect(verdicts.idle).toBe(true);
    expect(updates.at(-1)?.verdict.kind).toBe("failed");
    verdicts.request(pack, "a");
    vi.runAllTimers();
    expect(started).toHaveLength(2);
    verdicts.dispose();
    expect(started[1]?.terminated).toBe(true);
  });
});

describe("CheckRunner", () => {
  const files = (title: string): PackFiles => ({ "manifest.json": JSON.stringify({ title }) });
  const reply = (id: number): CheckReply => ({ id, diagnostics: [], valid: null });

  /** A CheckRunner on a fake worker (it starts its worker with `new Worker`), and what it answered. */
  function runner() {
    const { started, start } = workers();
    vi.stubGlobal(
      "Worker",
      vi.fn(function Worker() {
        return start();
      }),
    );
    const answers: { files: PackFiles; checked: CheckedPack }[] = [];
    const checks = new CheckRunner((f, checked) => answers.push({ files: f, checked }));
    return { started, checks, answers, checked: () => answers.map((answer) => answer.files) };
  }

  it("checks one pack at a time, and of those asked for meanwhile only the newest", () => {
    const { started, checked, checks } = runner();
    expect(started).toHaveLength(1);
    expect(checks.idle).toBe(true);
    const [a, b, c] = [files("a"), files("b"), files("c")];
    checks.check(a);
    checks.check(b);
    checks.check(c);
    expect(checks.idle).toBe(false);
    expect(started[0]?.sent).toEqual([{ id: 1, files: a }]);
    started[0]?.reply(reply(1));
    expect(checked()).toEqual([a]);
    expect(started[0]?.sent).toEqual([
      { id: 1, files: a },
      { id: 2, files: c },
    ]);
    started[0]?.reply(reply(1));
    expect(checked()).toEqual([a]);
    started[0]?.reply(reply(2));
    expect(checked()).toEqual([a, c]);
    expect(checks.idle).toBe(true);
    checks.dispose();
    expect(started[0]?.terminated).toBe(true);
  });

  it("turns a validator that stopped into a finding on the pack it was checking", () => {
    const { started, checks, answers } = runner();
    const a = files("a");
    checks.check(a);
    expect(started[0]?.fail("out of memory")).toBe(true);
    expect(answers.map((x) => [x.files, x.checked.diagnostics[0]?.message, x.checked.valid])).toEqual([
      [a, "the validator stopped: out of memory", null],
    ]);
    expect(checks.idle).toBe(true);
  });
});
