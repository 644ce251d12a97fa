/**
 * The demo event's lobby music, synthesised: a calm four-chord loop (16 s, 16 kHz mono WAV), so background
 * music plays without any file from outside.
 */
const RATE = 16_000;
const CHORD_SECONDS = 4;
// Cmaj7, Am7, Fmaj7, G6 (Hz).
const CHORDS = [
  [261.63, 329.63, 392.0, 493.88],
  [220.0, 261.63, 329.63, 392.0],
  [174.61, 220.0, 261.63, 329.63],
  [196.0, 246.94, 293.66, 329.63],
];

let cached: Buffer | undefined;

/** The loop as a WAV file. */
export function lobbyMusicWav(): Buffer {
  if (cached) return cached;
  const samples = RATE * CHORD_SECONDS * CHORDS.length;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    const t = i / RATE;
    const chord = CHORDS[Math.floor(t / CHORD_SECONDS) % CHORDS.length] ?? CHORDS[0]!;
    const within = t % CHORD_SECONDS;
    // Soft attack and release at each chord change, so the loop never clicks.
    const envelope = Math.min(1, within / 0.6) * Math.min(1, (CHORD_SECONDS - within) / 0.6);
    let value = 0;
    chord.forEach((f, n) => {
      value += Math.sin(2 * Math.PI * f * t) * (n === 0 ? 0.35 : 0.22);
    });
    // A slow arpeggio on top.
    const note = chord[Math.floor(within * 2) % chord.length] ?? chord[0]!;
    const pluck = Math.exp(-((within * 2) % 1) * 5);
    value += Math.sin(2 * Math.PI * note * 2 * t) * 0.18 * pluck;
    data.writeInt16LE(Math.round(value * envelope * 0.25 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  cached = Buffer.concat([header, data]);
  return cached;
}
