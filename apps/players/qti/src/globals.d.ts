// The SDK and the activity kit, loaded by index.html from /sdk/ as plain scripts (window globals).

interface ProvaSession {
  campaignId: number;
  testId: number;
  userId: number;
  lang: string;
  status: 'not attempted' | 'incomplete' | 'complete';
  data: unknown;
  timing: { startedAt: string; endsAt: string; remainingSeconds: number } | null;
}

interface ProvaActivityApi {
  init(): Promise<ProvaSession>;
  setData(data: unknown): Promise<unknown>;
  setStatus(status: 'incomplete' | 'complete'): Promise<unknown>;
  exit(): Promise<unknown>;
  rpc(action: string, data?: unknown): Promise<unknown>;
}

interface ProvaKitBar {
  node: HTMLElement;
  timer: HTMLElement;
  setPosition(n: number, m: number): void;
  setText(text: string): void;
}

interface ProvaKitApi {
  texts<T extends { title?: string }>(all: Record<string, T>, code: string): T;
  el(tag: string, attrs?: Record<string, unknown>, children?: (Node | string | null)[]): HTMLElement;
  button(label: string, onClick: () => void, variant?: 'secondary', attrs?: Record<string, unknown>): HTMLButtonElement;
  notice(text: string, kind?: 'info' | 'success' | 'warning' | 'error'): HTMLElement;
  messagePage(spec: { title?: string; message: string; kind?: string; exit?: string; onExit?: () => void }): HTMLElement;
  handIn(data: unknown): Promise<void>;
  finishedPage(title: string, message: string, exitLabel: string, onError: (error: unknown) => void): HTMLElement;
  errorText(prefix: string, error: unknown): string;
  bar(title: string): ProvaKitBar;
  announce(text: string): void;
  countdown(target: HTMLElement, seconds: number, onEnd: () => void): { stop(): void; secondsLeft(): number };
  confirm(spec: { title: string; message?: string; items?: string[]; confirm: string; cancel?: string }): Promise<boolean>;
  onFinished(callback: (detail: unknown) => void): void;
}

declare const ProvaActivity: ProvaActivityApi;
declare const ProvaKit: ProvaKitApi;
