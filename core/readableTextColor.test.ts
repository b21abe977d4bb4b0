import { describe, expect, it } from 'vitest';
import { readableTextColor, relativeLuminance } from './readableTextColor.ts';

describe('readableTextColor', () => {
  it('white on dark colours, black on light ones', () => {
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#795548')).toBe('#ffffff');
    expect(readableTextColor('#ffffff')).toBe('#000000');
    // The event calendar's orange and a task's light green: white reads at 2.8:1 and 2.1:1, black at 7.4:1 and 10:1.
    expect(readableTextColor('#E67E22')).toBe('#000000');
    expect(readableTextColor('#8BC34A')).toBe('#000000');
    expect(readableTextColor('#fff')).toBe('#000000');
  });

  it('white when the colour is not a hex colour', () => {
    expect(readableTextColor('red')).toBe('#ffffff');
    expect(relativeLuminance('rgb(1,2,3)')).toBeUndefined();
  });

  it('computes the WCAG luminance', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#a88e68')).toBeCloseTo(0.288, 2);
  });
});
