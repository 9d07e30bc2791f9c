// The QTI 3 player: a platform activity that delivers a package's items one at a time with qti-components,
// saves every response change as the test's progress (QtiProgress) and hands the test in; the server scores.
import '@citolab/qti-components';
import '@citolab/qti-components/item.css';
import './src/player.css';
import { startPlayer } from './src/player';

startPlayer(document.getElementById('player') as HTMLElement);
