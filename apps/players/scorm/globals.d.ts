// The SDK and the kit are plain scripts the page loads from the platform (/sdk/...), not bundled here.
import type { ProvaActivityApi } from '@prova/activity-sdk';

interface KitBar {
  node: HTMLElement;
  timer: HTMLElement;
  setText(text: string): void;
}

export interface ProvaKitApi {
  texts<T>(all: Record<string, T>, code: string): T;
  el(tag: string, attrs?: Record<string, unknown>, children?: Array<Node | string | null>): HTMLElement;
  notice(text: string, kind?: 'info' | 'success' | 'warning' | 'error'): HTMLElement;
  messagePage(spec: { title?: string; message: string; kind?: string; exit?: string; onExit?: () => void }): HTMLElement;
  finishedPage(title: string, message: string, exitLabel: string, onError: (error: unknown) => void): HTMLElement;
  errorText(prefix: string, error: unknown): string;
  bar(title: string): KitBar;
  announce(text: string): void;
  countdown(target: HTMLElement, remainingSeconds: number, onEnd: () => void): { stop(): void; secondsLeft(): number };
  onFinished(callback: (detail: { status: string; reason?: string }) => void): void;
}

declare global {
  interface Window {
    ProvaActivity: ProvaActivityApi;
    ProvaKit: ProvaKitApi;
    /** The SCORM 1.2 API a SCO looks for in its parents. */
    API?: unknown;
    /** The SCORM 2004 API. */
    API_1484_11?: unknown;
  }
}
