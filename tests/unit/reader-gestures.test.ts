import { describe, expect, it } from 'vitest';
import { PINCH, pinchToZoom } from '../../machines/reader/layout';

describe('pinchToZoom', () => {
  it('zooms in past 1.25×, out below 0.8×, and ignores a hesitant pinch', () => {
    expect(pinchToZoom(PINCH.inScale)).toBe('in');
    expect(pinchToZoom(2)).toBe('in');
    expect(pinchToZoom(PINCH.outScale)).toBe('out');
    expect(pinchToZoom(0.5)).toBe('out');
    expect(pinchToZoom(1)).toBeNull();
    expect(pinchToZoom(1.2)).toBeNull();
    expect(pinchToZoom(0.85)).toBeNull();
    expect(pinchToZoom(Number.NaN)).toBeNull();
  });
});
