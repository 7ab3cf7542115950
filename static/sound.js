// Move sounds, made here with WebAudio (nothing is fetched but a silent file, below): a piece set down, a
// piece taken, the computer's (or a friend's) move, a game's end.  py/screen/sound.py says which, after each
// board that shows a new move.
//
// The player's setting is kept with the page's others in localStorage (py/screen/store.py's PREFIX + KEY in
// py/screen/sound.py): on unless turned off.  Nothing plays, and no AudioContext is made, before the player has
// pressed something on the page (browsers' autoplay rules), nor while the setting is off; the embed never
// loads this.  The first press opens the audio device with a silent media element (static/silence.wav), whose
// player does it off the page's thread, and the context is made soon after that has played (`OPENED_MS`):
// the first AudioContext a page makes waits for the device inside its task (50-230 ms of a phone's first press
// at 4x, issue 55), one made after it 8-22 ms.  A timer set in the press makes or resumes it by `GESTURE_MS`
// whatever happens (WebKit counts a timer of up to a second set in a press as that press; Chromium and Gecko
// let a page that has been pressed start audio), and a sound asked for before then plays as it is made.
(function () {
  "use strict";
  const SETTING = "pyramids.v1.sound";
  const GESTURE_MS = 900;  // inside the second a press lasts for WebKit: the context made or resumed by then
  const OPENED_MS = 150;  // after the silent element has played: made at once, the context took 30-57 ms at 4x
  let context = null;
  const NOISE_SAMPLES = 4096;  // white noise, looped: the knock of a piece, through a filter (a fifth of a second
  // of it, filled in the context's task, took 20-30 ms at 4x)
  let noise = null;
  let asked = false;  // a press asked for the context, made once the device is open
  let waiting = null;  // the sound asked for before the context was made

  function on() {
    try {
      return localStorage.getItem(SETTING) !== "off";
    } catch {
      return true;  // storage refused: the setting cannot have been turned off
    }
  }

  function start() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!context && Context) {
      context = new Context();
      noise = context.createBuffer(1, NOISE_SAMPLES, context.sampleRate);
      const data = noise.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    if (context && context.state === "suspended") context.resume();
  }

  function made() {
    if (!asked) return;
    asked = false;
    start();
    if (waiting) play(waiting);
    waiting = null;
  }

  // Not in a press on the update banner: its button reloads into a new version, which the browser makes active
  // only once this page's requests to the old one are over, and the silent file's request, made in that same
  // press, held it back for good (static/boot.js then never reloads).
  function pressed(event) {
    if (!event.isTrusted || event.key === "Escape" || !on() || event.target.closest?.("#update")) return;
    if (context) {
      start();  // a context the browser suspended is resumed inside the press
    } else if (!asked) {
      asked = true;
      const silent = new Audio("static/silence.wav");
      const soon = () => {
        silent.removeAttribute("src");  // its resource let go: no fetch left open (a new version waits for none)
        silent.load();
        setTimeout(made, OPENED_MS);
      };
      silent.play().then(soon, soon);
      setTimeout(() => { made(); start(); }, GESTURE_MS);
    }
  }
  for (const type of ["pointerup", "keydown"]) addEventListener(type, pressed, true);

  // A gain that rises at once to `volume` at `at` and dies away over `length` seconds.
  function envelope(at, volume, length) {
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.004);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    gain.connect(context.destination);
    return gain;
  }

  function knock(at, pitch, volume, length = 0.05) {
    const source = context.createBufferSource(), filter = context.createBiquadFilter();
    source.buffer = noise;
    source.loop = true;
    filter.type = "bandpass";
    filter.frequency.value = pitch;
    filter.Q.value = 1.2;
    source.connect(filter).connect(envelope(at, volume, length));
    source.start(at, Math.random() * noise.duration, length + 0.02);
  }

  function tone(at, frequency, length, volume, {type = "sine", fall = 1} = {}) {
    const oscillator = context.createOscillator();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, at);
    if (fall !== 1) oscillator.frequency.exponentialRampToValueAtTime(frequency * fall, at + length);
    oscillator.connect(envelope(at, volume, length));
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }

  const SOUNDS = {
    move(at) {  // a piece set down on wood
      knock(at, 1900, 0.5);
      tone(at, 320, 0.07, 0.35, {fall: 0.6});
    },
    their(at) {  // the same, lower: a move not made here
      knock(at, 1100, 0.5);
      tone(at, 220, 0.08, 0.35, {fall: 0.6});
    },
    capture(at) {  // a harder knock, twice
      knock(at, 1300, 0.8, 0.07);
      tone(at, 260, 0.1, 0.4, {type: "triangle", fall: 0.5});
      knock(at + 0.07, 900, 0.6, 0.06);
    },
    end(at) {  // three notes rising
      [523.25, 659.25, 783.99].forEach((frequency, i) => tone(at + i * 0.12, frequency, 0.35, 0.2,
        {type: "triangle"}));
    },
  };

  // Play `kind` ("move", "their", "capture", "end") if the setting is on and the player has pressed something.
  function play(kind) {
    if (!context && asked) waiting = kind;  // a move the press made, drawn before the device was open
    if (!context || !SOUNDS[kind] || !on()) return;
    SOUNDS[kind](context.currentTime + 0.005);
  }

  window.pyramidsSound = {play};
})();
