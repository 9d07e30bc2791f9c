// Keyboard ways where qti-components' interactions lack them (filled in once each is checked in Chromium).
import type { PlayerTexts } from './texts';

export function keyboardAlternatives(_host: HTMLElement, _t: PlayerTexts) {}
