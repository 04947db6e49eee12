import { describe, expect, it } from 'vitest';
import { TOAST_OPTIONS } from './toast';

describe('toasts', () => {
  it('sit top-right, stay 2000 ms and can be dragged away (spec section 9)', () => {
    expect(TOAST_OPTIONS).toEqual({ position: 'top-right', autoClose: 2000, draggable: true });
  });
});
