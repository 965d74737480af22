/**
 * Audio the project makes itself (licence: see ./LICENSE.md): background music as short chord loops
 * and page-turn sounds as filtered noise swishes, synthesised in code and encoded as WAV (PCM 16-bit
 * mono). Everything is deterministic (a seeded noise generator, no Math.random), so the same id
 * always serves the same bytes and can be cached as immutable.
 */

export const SAMPLE_RATE = 22_050;

/** RIFF/WAVE container around 16-bit mono PCM samples in [-1, 1] (clipped). */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out.writeInt16LE(Math.round(s * 32_767), 44 + i * 2);
  }
  return out;
}

/** mulberry32: a tiny seeded PRNG, so "noise" is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** MIDI note number → frequency in Hz. */
const hz = (note: number) => 440 * 2 ** ((note - 69) / 12);

export interface MusicSpec {
  /** Chords as MIDI note numbers; each lasts `beat * beatsPerChord` seconds. */
  chords: number[][];
  beat: number;
  beatsPerChord: number;
  /** Arpeggio voice over the chord (plucked), one note per beat fraction. */
  arpeggio: 'none' | 'up' | 'updown';
  arpPerBeat: number;
  /** Pad brightness: share of the third harmonic in the pad voice. */
  brightness: number;
}

/**
 * A chord loop: a soft pad (sine plus a little third harmonic) that swells in and out with each chord,
 * a bass note an octave below the root and an optional plucked arpeggio. Each chord's envelope ends
 * at zero where the next starts, so the track loops without a click.
 */
export function synthMusic(spec: MusicSpec, sampleRate = SAMPLE_RATE): Float32Array {
  const chordSecs = spec.beat * spec.beatsPerChord;
  const total = Math.round(chordSecs * spec.chords.length * sampleRate);
  const out = new Float32Array(total);
  const chordLen = Math.round(chordSecs * sampleRate);
  spec.chords.forEach((chord, c) => {
    const start = c * chordLen;
    const root = Math.min(...chord);
    for (let i = 0; i < chordLen && start + i < total; i++) {
      const t = i / sampleRate;
      const x = i / chordLen;
      // Raised-cosine swell: 0 at both ends of the chord.
      const env = 0.5 - 0.5 * Math.cos(2 * Math.PI * x);
      let pad = 0;
      for (const note of chord) {
        const f = hz(note);
        pad += Math.sin(2 * Math.PI * f * t) + spec.brightness * Math.sin(2 * Math.PI * 3 * f * t);
      }
      pad /= chord.length * (1 + spec.brightness);
      const bass = Math.sin(2 * Math.PI * hz(root - 12) * t);
      out[start + i] = (out[start + i] ?? 0) + 0.32 * env * pad + 0.16 * env * bass;
    }
    if (spec.arpeggio === 'none') return;
    const sorted = [...chord].sort((a, b) => a - b);
    const order = spec.arpeggio === 'up' ? sorted : [...sorted, ...sorted.slice(1, -1).reverse()];
    const steps = spec.beatsPerChord * spec.arpPerBeat;
    const stepLen = Math.round((spec.beat / spec.arpPerBeat) * sampleRate);
    for (let s = 0; s < steps; s++) {
      const note = (order[s % order.length] ?? root) + 12;
      const f = hz(note);
      const at = start + s * stepLen;
      for (let i = 0; i < stepLen && at + i < total; i++) {
        const t = i / sampleRate;
        // Plucked: fast attack, exponential decay, two partials.
        const env = Math.min(1, t / 0.004) * Math.exp(-t * 7);
        const v = Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(2 * Math.PI * 2 * f * t);
        out[at + i] = (out[at + i] ?? 0) + 0.14 * env * v;
      }
    }
  });
  return normalise(out, 0.8);
}

export interface SwishSpec {
  seconds: number;
  /** Band-pass centre sweep in Hz (start → end). */
  from: number;
  to: number;
  q: number;
  seed: number;
  /** Where the loudness peaks, as a share of the duration. */
  peak: number;
}

/**
 * A page-turn: white noise through a band-pass filter whose centre sweeps, under an envelope that
 * rises to `peak` and decays to silence (RBJ biquad, coefficients updated per sample).
 */
export function synthSwish(spec: SwishSpec, sampleRate = SAMPLE_RATE): Float32Array {
  const n = Math.round(spec.seconds * sampleRate);
  const out = new Float32Array(n);
  const rand = seededRandom(spec.seed);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < n; i++) {
    const p = i / n;
    const f = spec.from * (spec.to / spec.from) ** p;
    const w = (2 * Math.PI * f) / sampleRate;
    const alpha = Math.sin(w) / (2 * spec.q);
    const a0 = 1 + alpha;
    const b0 = alpha / a0;
    const b2 = -alpha / a0;
    const a1 = (-2 * Math.cos(w)) / a0;
    const a2 = (1 - alpha) / a0;
    const x = rand() * 2 - 1;
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    const env = p < spec.peak ? (p / spec.peak) ** 2 : (1 - (p - spec.peak) / (1 - spec.peak)) ** 3;
    out[i] = y * env;
  }
  return normalise(out, 0.7);
}

/** Scales to a peak level (silence stays silence). */
function normalise(samples: Float32Array, level: number): Float32Array {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  if (peak === 0) return samples;
  const k = level / peak;
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] ?? 0) * k;
  return samples;
}
