// The incoming-message sound (spec 02 §4.5): a short two-note chime made with Web Audio, so no audio file ships.
// Browsers allow sound only after the page had a user gesture; before that it stays silent.

let context: AudioContext | undefined;

function chime(): void {
  const AudioContextClass = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  context ??= new AudioContextClass();
  const audio = context;
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const start = audio.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    const at = start + index * 0.12;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.3);
  });
}

/** The sound of an incoming private message; an object so tests can watch `play`. */
export const messageSound = {
  play(): void {
    try {
      chime();
    } catch {
      // No audio device or not allowed yet: a missed chime is no error.
    }
  },
};
