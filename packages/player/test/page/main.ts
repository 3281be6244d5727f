/**
 * The browser test page: mounts players on request from the test (through `window.gpTest`) and
 * records the events they send.
 */
import type { ActionInput } from "@gridponder/engine";
import { type CompiledPack, mountPlayer, type PlayerHandle, type PlayerOptions } from "../../src/index.js";

interface MountRequest {
  readonly pack: string;
  readonly level?: string;
  readonly renderer?: PlayerOptions["renderer"];
  readonly reducedMotion?: boolean;
  readonly initialActions?: ActionInput[];
  readonly story?: boolean;
  readonly view?: PlayerOptions["view"];
  readonly width?: number;
  readonly height?: number;
}

interface RecordedEvent {
  readonly type: string;
  readonly level: string;
  readonly moves: number;
  readonly actions: number;
  readonly won: boolean;
}

const host = document.getElementById("host") as HTMLElement;
const events: RecordedEvent[] = [];
let player: PlayerHandle | null = null;
const packs = new Map<string, CompiledPack>();

async function loadPack(name: string): Promise<CompiledPack> {
  let pack = packs.get(name);
  if (!pack) {
    const response = await fetch(`/packs/${name}/pack.json`);
    pack = (await response.json()) as CompiledPack;
    packs.set(name, pack);
  }
  return pack;
}

const api = {
  events,
  get player(): PlayerHandle | null {
    return player;
  },
  async mount(request: MountRequest): Promise<{ level: string; renderer: string; levels: string[] }> {
    player?.destroy();
    events.length = 0;
    const element = document.createElement("div");
    element.id = "player";
    element.style.width = `${request.width ?? 720}px`;
    element.style.height = `${request.height ?? 560}px`;
    host.replaceChildren(element);
    for (const type of ["turn", "won", "lost", "level-change"])
      element.addEventListener(type, (e) => {
        const d = (e as CustomEvent).detail;
        events.push({ type, level: d.level, moves: d.moves, actions: d.actions.length, won: d.won });
      });
    player = mountPlayer(element, {
      pack: await loadPack(request.pack),
      assetBase: `/packs/${request.pack}/`,
      ...(request.level ? { level: request.level } : {}),
      ...(request.renderer ? { renderer: request.renderer } : {}),
      ...(request.initialActions ? { initialActions: request.initialActions } : {}),
      reducedMotion: request.reducedMotion ?? true,
      story: request.story ?? false,
      ...(request.view ? { view: request.view } : {}),
    });
    return { level: player.level, renderer: player.rendererKind, levels: [...player.pack.levelOrder] };
  },
};

/** What the page offers its tests as `window.gpTest`. */
export type TestApi = typeof api;

(window as unknown as { gpTest: TestApi }).gpTest = api;
document.body.dataset.ready = "true";
