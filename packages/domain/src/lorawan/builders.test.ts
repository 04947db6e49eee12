import { describe, expect, it } from 'vitest';
import { chirpstackUpEvent, ttsUplinkMessage, ulidOf, uuidOf } from './builders';
import { DOSEDOT_FPORT, encodeDoseDot } from './dosedot';
import { parseChirpstackEvent, parseTtsMessage } from './envelope';
import { decodeUplink, detectProfile } from './profiles';

const AT = Date.parse('2026-02-03T07:58:12.345Z');
const payload = encodeDoseDot({
  battery: 80,
  temperature: 21.3,
  humidity: 44,
  motion: 2,
  pressOffsets: [65, 0],
});
const spec = {
  deveui: 'a84041000181c001',
  fCnt: 7,
  fPort: DOSEDOT_FPORT,
  payload,
  receivedAt: AT,
  gateways: 2,
};

describe('uplink documents for the simulator', () => {
  it('read back as what they were built from (TTS)', () => {
    const parsed = parseTtsMessage(ttsUplinkMessage(spec), 0);
    expect(parsed.kind).toBe('uplink');
    if (parsed.kind !== 'uplink') return;
    expect(parsed.uplink).toMatchObject({
      deveui: 'A84041000181C001',
      receivedAt: AT,
      fCnt: 7,
      fPort: 10,
      profileHint: 'dosedot-box',
    });
    expect(parsed.uplink.identity).toMatch(/^as:up:[0-9A-Z]{26}$/);
    expect(decodeUplink(parsed.uplink, detectProfile(parsed.uplink)).measurement).toMatchObject({
      battery: 80,
      temperature: 21.3,
      humidity: 44,
      motion: 2,
      pressOffsets: [65, 0],
    });
  });

  it('read back as what they were built from (ChirpStack)', () => {
    const parsed = parseChirpstackEvent('up', chirpstackUpEvent(spec), 0);
    expect(parsed).toMatchObject({
      kind: 'uplink',
      uplink: {
        deveui: 'A84041000181C001',
        receivedAt: AT,
        fCnt: 7,
        session: '260b1c2d',
        profileHint: 'dosedot-box',
      },
    });
  });

  it('omit a zero frame counter on TTS, repeat their id for the same uplink and differ otherwise', () => {
    const zero = ttsUplinkMessage({ ...spec, fCnt: 0 });
    expect('f_cnt' in (zero.uplink_message as object)).toBe(false);
    expect(ttsUplinkMessage(spec).correlation_ids).toEqual(ttsUplinkMessage(spec).correlation_ids);
    expect(chirpstackUpEvent(spec).deduplicationId).toBe(chirpstackUpEvent(spec).deduplicationId);
    expect(chirpstackUpEvent({ ...spec, fCnt: 8 }).deduplicationId).not.toBe(
      chirpstackUpEvent(spec).deduplicationId,
    );
    expect(ulidOf(AT, 'a')).toHaveLength(26);
    expect(uuidOf('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
