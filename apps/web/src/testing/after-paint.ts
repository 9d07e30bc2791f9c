import { options } from 'preact';

// Preact runs effects after the next frame through jsdom's requestAnimationFrame, with a 35 ms timer
// beside it; a timer still pending when the file's jsdom is torn down then calls a cancelAnimationFrame
// that is gone, and Vitest fails the run on that uncaught error. A plain timer needs no frame.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback);
};
