// The QTI 3 player: a platform activity that delivers a package's items one at a time with qti-components,
// saves every response change as the test's progress (QtiProgress) and hands the test in; the server scores.
// The item's elements, its interactions and the declarations it carries: not the library's test runner, loader or
// item container, which the player does not use (a third of the code a phone would parse before the first item).
import '@citolab/qti-components/qti-elements';
import '@citolab/qti-components/qti-interactions';
import '@citolab/qti-components/qti-processing';
import '@citolab/qti-components/item.css';
import './src/player.css';
import { startPlayer } from './src/player';

startPlayer(document.getElementById('player') as HTMLElement);
