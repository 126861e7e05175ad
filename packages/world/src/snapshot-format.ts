import { WorldError } from './errors';
import { MAX_MAGNITUDE, MAX_STATE_MAGNITUDE } from './validate';

/*
 * The byte layer of world snapshots: a growable writer, a bounds-checked reader and a 16-byte header.
 * Integers are LEB128 varints. A double (`float(value, expected)`) takes a 2-bit tag (four to a byte,
 * before their values) and then 0 bytes for +0 or for a value bit-equal to the `expected` value both
 * sides compute, 4 for a value a float32 holds exactly, 8 otherwise.
 */

/** The first four bytes of every snapshot: "LWSN". */
export const SNAPSHOT_MAGIC = 0x4e53574c;
/** The format version this build writes and reads. */
export const SNAPSHOT_VERSION = 5;
/** The oldest version this build reads (4: shapes without rolling resistance, tangent speed, material). */
export const OLDEST_SNAPSHOT_VERSION = 4;
/** Bytes before the payload: magic (4), version (2), reserved (2), payload length (4), checksum (4). */
export const SNAPSHOT_HEADER_BYTES = 16;

/** Whether typed arrays are little-endian here (then raw doubles and words are read as typed-array views). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const TAG_ZERO = 0;
const TAG_EXPECTED = 1;
const TAG_F32 = 2;
const TAG_F64 = 3;

/** Raises the WorldError of a bad snapshot: `snapshot = <what>: <reason>`. */
export function badSnapshot(what: string, reason: string): never {
  throw new WorldError('snapshot', what, reason);
}

/**
 * `value`, refused with the snapshot's error unless finite and at most `MAX_STATE_MAGNITUDE`; the
 * error names `what`, or `what index.field` (built only then: readers call this per number).
 */
export function stateValue(value: number, what: string, index = -1, field = ''): number {
  if (!(Math.abs(value) <= MAX_STATE_MAGNITUDE)) {
    const name = index < 0 ? what : `${what} ${index}.${field}`;
    badSnapshot(`${name} = ${value}`, `must be finite and at most ${MAX_STATE_MAGNITUDE} in magnitude`);
  }
  return value;
}

/** Whether `value` is finite and beyond `MAX_MAGNITUDE` (`large`: a mass or inertia) or `MAX_STATE_MAGNITUDE`. */
export function isBeyond(value: number, large = false): boolean {
  return Math.abs(value) > (large ? MAX_MAGNITUDE : MAX_STATE_MAGNITUDE) && Number.isFinite(value);
}

/** Refuses to save a world with a number {@link isBeyond}; build `argument` only then (it costs). */
export function refuse(argument: string, value: number, large = false): never {
  const bound = large ? MAX_MAGNITUDE : MAX_STATE_MAGNITUDE;
  throw new WorldError(argument, value, `is larger than ${bound} in magnitude: the world cannot be saved`);
}

/** A growable byte buffer the snapshot is written into (one per world, reused between snapshots). */
export class ByteWriter {
  private bytes = new Uint8Array(1024);
  private view = new DataView(this.bytes.buffer);
  /** Bytes written so far. */
  length = 0;
  /** Where the current group of four float tags is stored, and how many of its tags are used. */
  private tagAt = 0;
  private tagCount = 4;
  /** The doubles of the next block (see `raw`). */
  private rawValues = new Float64Array(256);
  private rawCount = 0;

  /** Starts a new snapshot (the header is filled by `finish`). */
  begin(): void {
    this.length = SNAPSHOT_HEADER_BYTES;
    this.tagCount = 4;
    this.rawCount = 0;
  }

  private reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
    this.view = new DataView(bigger.buffer);
  }

  /** One byte. */
  u8(value: number): void {
    if (this.length + 1 > this.bytes.length) this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** A non-negative integer below 2^53 as a LEB128 varint. */
  uint(value: number): void {
    if (this.length + 8 > this.bytes.length) this.reserve(8);
    if (value < 0x80) {
      this.bytes[this.length++] = value;
      return;
    }
    if (!(value <= 0xffffffff || (Number.isInteger(value) && value <= Number.MAX_SAFE_INTEGER))) {
      // Only a world corrupted by hand gets here (every integer the engine keeps is in range).
      throw new WorldError('snapshot', value, 'cannot be written: not an integer in [0, 2^53)');
    }
    for (let v = value <= 0xffffffff ? value >>> 0 : value; ; v = Math.floor(v / 0x80)) {
      this.bytes[this.length++] = v < 0x80 ? v : (v % 0x80) | 0x80;
      if (v < 0x80) return;
    }
  }

  /** A signed integer (zigzag, then varint). */
  int(value: number): void {
    this.uint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  /** A double, kept bit for bit: 0, 4 or 8 bytes plus a 2-bit tag (see the file comment). */
  float(value: number, expected: number): void {
    if (this.length + 9 > this.bytes.length) this.reserve(9);
    if (this.tagCount === 4) {
      this.tagAt = this.length;
      this.bytes[this.length++] = 0;
      this.tagCount = 0;
    }
    let tag: number;
    if (value === 0 && 1 / value > 0) tag = TAG_ZERO;
    else if (Object.is(value, expected)) tag = TAG_EXPECTED;
    else if (Math.fround(value) === value) {
      tag = TAG_F32;
      this.view.setFloat32(this.length, value, true);
      this.length += 4;
    } else {
      // (A float32 is below 3.5e38: only a double can be too large.)
      if (Math.abs(value) > MAX_MAGNITUDE && Math.abs(value) < Number.POSITIVE_INFINITY) tooLarge(value);
      tag = TAG_F64;
      this.view.setFloat64(this.length, value, true);
      this.length += 8;
    }
    this.bytes[this.tagAt] |= tag << (2 * this.tagCount);
    this.tagCount++;
  }

  /** A double for the block of raw doubles the next `endBlock` writes. */
  raw(value: number): void {
    if (Math.abs(value) > MAX_MAGNITUDE && Math.abs(value) < Number.POSITIVE_INFINITY) tooLarge(value);
    if (this.rawCount === this.rawValues.length) {
      const bigger = new Float64Array(2 * this.rawCount);
      bigger.set(this.rawValues);
      this.rawValues = bigger;
    }
    this.rawValues[this.rawCount++] = value;
  }

  /** Writes the doubles given to `raw` since the last block: 8-byte aligned, little-endian. */
  endBlock(): void {
    const n = this.rawCount;
    this.reserve(7 + 8 * n);
    while (this.length % 8 !== 0) this.bytes[this.length++] = 0;
    for (let i = 0; i < n; ++i, this.length += 8) this.view.setFloat64(this.length, this.rawValues[i], true);
    this.rawCount = 0;
  }

  /** A short ASCII string (a length, then its characters). */
  text(value: string): void {
    this.uint(value.length);
    for (let i = 0; i < value.length; ++i) this.u8(value.charCodeAt(i) & 0x7f);
  }

  /** Fills the header and returns a copy of the snapshot's bytes: in `into`'s first bytes when it has room. */
  finish(into?: Uint8Array): Uint8Array {
    const payload = this.length - SNAPSHOT_HEADER_BYTES;
    const view = this.view;
    view.setUint32(0, SNAPSHOT_MAGIC, true);
    view.setUint16(4, SNAPSHOT_VERSION, true);
    view.setUint16(6, 0, true);
    view.setUint32(8, payload, true);
    view.setUint32(12, checksum(this.bytes, SNAPSHOT_HEADER_BYTES, this.length), true);
    if (into === undefined || into.length < this.length) return this.bytes.slice(0, this.length);
    into.set(this.bytes.subarray(0, this.length));
    return into.subarray(0, this.length);
  }
}

/** The writer's refusal of a finite number too large for a snapshot (see `MAX_MAGNITUDE`). */
function tooLarge(value: number): never {
  throw new WorldError(
    'snapshot',
    value,
    `cannot be written: a world's numbers must be at most ${MAX_MAGNITUDE} in magnitude to be saved`,
  );
}

/** Reads a snapshot's payload; every read past its end or out of range raises a WorldError. */
export class ByteReader {
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at: number;
  private readonly end: number;
  private tagByte = 0;
  private tagCount = 4;
  /** The snapshot's format version. */
  readonly version: number;

  /** Checks the header and starts reading. @throws WorldError on anything but an intact snapshot */
  constructor(snapshot: unknown) {
    if (!(snapshot instanceof Uint8Array)) {
      badSnapshot(describe(snapshot), 'must be a Uint8Array made by saveWorld(world)');
    }
    const n = snapshot.length;
    const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
    const [first, last] = [OLDEST_SNAPSHOT_VERSION, SNAPSHOT_VERSION];
    const version = n < SNAPSHOT_HEADER_BYTES ? 0 : view.getUint16(4, true);
    const length = n < SNAPSHOT_HEADER_BYTES ? 0 : SNAPSHOT_HEADER_BYTES + view.getUint32(8, true);
    if (n < SNAPSHOT_HEADER_BYTES) badSnapshot(`${n} bytes`, `is truncated: a snapshot has at least 16`);
    if (view.getUint32(0, true) !== SNAPSHOT_MAGIC) {
      badSnapshot('its first bytes', 'are not a lite world snapshot (bad magic number)');
    }
    if (!(version >= first && version <= last)) {
      badSnapshot(`version ${version}`, `is not supported: this build reads versions ${first} to ${last}`);
    }
    if (view.getUint16(6, true) !== 0) badSnapshot('its header', 'has reserved bytes that are not zero');
    if (length !== n) {
      badSnapshot(`${n} bytes`, `do not match the length in its header (${length}): truncated or padded`);
    }
    if (checksum(snapshot, SNAPSHOT_HEADER_BYTES, n) !== view.getUint32(12, true)) {
      badSnapshot('its payload', 'does not match its checksum: the bytes were corrupted');
    }
    this.version = version;
    this.bytes = snapshot;
    this.view = view;
    this.at = SNAPSHOT_HEADER_BYTES;
    this.end = n;
  }

  /** Bytes not read yet. */
  get remaining(): number {
    return this.end - this.at;
  }

  /** Whether every byte was read. */
  get done(): boolean {
    return this.at === this.end;
  }

  private need(n: number): void {
    if (this.at + n > this.end) badSnapshot(`offset ${this.at}`, 'ends too early');
  }

  /** One byte. */
  u8(): number {
    if (this.at >= this.end) this.need(1);
    return this.bytes[this.at++];
  }

  /** A varint below 2^53. */
  uint(): number {
    if (this.at < this.end && this.bytes[this.at] < 0x80) return this.bytes[this.at++];
    let value = 0;
    for (let i = 0, scale = 1; i < 8; ++i, scale *= 0x80) {
      const b = this.u8();
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
    }
    return badSnapshot(`offset ${this.at}`, 'holds a varint longer than 8 bytes');
  }

  /** A varint no larger than `max`, named `what` in the error. */
  count(what: string, max: number): number {
    const v = this.uint();
    if (v > max) badSnapshot(`${what} ${v}`, `is out of range (at most ${max})`);
    return v;
  }

  /** A zigzag varint. */
  int(): number {
    const v = this.uint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  /** A double written by `ByteWriter.float` with the same `expected`. */
  float(expected: number): number {
    if (this.tagCount === 4) {
      if (this.at >= this.end) this.need(1);
      this.tagByte = this.bytes[this.at++];
      this.tagCount = 0;
    }
    const tag = (this.tagByte >> (this.tagCount++ << 1)) & 3;
    if (tag === TAG_ZERO) return 0;
    if (tag === TAG_EXPECTED) return expected;
    if (tag === TAG_F32) {
      if (this.at + 4 > this.end) this.need(4);
      const v = this.view.getFloat32(this.at, true);
      this.at += 4;
      return v;
    }
    if (this.at + 8 > this.end) this.need(8);
    const v = this.checked(this.view.getFloat64(this.at, true));
    this.at += 8;
    return v;
  }

  /** `n` doubles written by `ByteWriter.endBlock` (a view of the snapshot when aligned). */
  doubles(n: number): Float64Array {
    const pad = (8 - (this.at % 8)) % 8;
    if (this.at + pad + 8 * n > this.end) this.need(pad + 8 * n);
    this.at += pad;
    const absolute = this.bytes.byteOffset + this.at;
    const view = LITTLE_ENDIAN && absolute % 8 === 0;
    const out = view ? new Float64Array(this.bytes.buffer, absolute, n) : new Float64Array(n);
    for (let i = 0; i < n; ++i, this.at += 8) {
      out[i] = this.checked(view ? out[i] : this.view.getFloat64(this.at, true));
    }
    return out;
  }

  /** `v`, read at the current offset, refused when finite but beyond `MAX_MAGNITUDE`. */
  private checked(v: number): number {
    if (Math.abs(v) > MAX_MAGNITUDE && Math.abs(v) < Number.POSITIVE_INFINITY) {
      badSnapshot(`the number ${v} at offset ${this.at}`, `is larger than ${MAX_MAGNITUDE} in magnitude`);
    }
    return v;
  }

  /** A string written by `ByteWriter.text`. */
  text(): string {
    const n = this.count('string length', 256);
    let s = '';
    for (let i = 0; i < n; ++i) s += String.fromCharCode(this.u8());
    return s;
  }
}

/**
 * The checksum of bytes [from, to): Fletcher's two sums (mod 2^32) over the little-endian words, the
 * tail and the length, the second mixed by MurmurHash3's finaliser, xor the first. It catches flipped
 * bits, truncation and reordering; not forgery.
 */
function checksum(bytes: Uint8Array, from: number, to: number): number {
  let a = 0x811c9dc5 | 0;
  let b = 0x01000193 | 0;
  const words = (to - from) >> 2;
  const start = bytes.byteOffset + from;
  if (LITTLE_ENDIAN && start % 4 === 0) {
    const view = new Int32Array(bytes.buffer, start, words);
    for (let k = 0; k < words; ++k) {
      a = (a + view[k]) | 0;
      b = (b + a) | 0;
    }
  } else {
    const view = new DataView(bytes.buffer, start, words * 4);
    for (let k = 0; k < words; ++k) {
      a = (a + view.getInt32(4 * k, true)) | 0;
      b = (b + a) | 0;
    }
  }
  let tail = 0;
  for (let i = from + 4 * words; i < to; ++i) tail = (tail << 8) | bytes[i];
  a = (a + tail + (to - from)) | 0;
  b = (b + a) | 0;
  // Mixed, so a change in a word's top bits cannot cancel out between the two sums.
  b ^= b >>> 16;
  b = Math.imul(b, 0x85ebca6b);
  b ^= b >>> 13;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  return (b ^ a) >>> 0;
}

/** A short description of a value that is not a snapshot, for the error. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return String(value);
}

/** The fields a snapshot carries generically: own primitive fields and sub-objects', in order. @internal */
export interface FieldSchema {
  /** Paths: a field name, or `object.field` one level down. */
  readonly paths: readonly string[];
  /** 0: number, 1: boolean, 2: string, per path. */
  readonly types: readonly number[];
  /** FNV-1a of the paths and types. */
  readonly hash: number;
}

/** The generic fields of `target` (see {@link FieldSchema}), or those `keep` accepts. @internal */
export function fieldSchema(
  target: object,
  skip: ReadonlySet<string>,
  keep = (_: string) => true,
): FieldSchema {
  const paths: string[] = [];
  const record = target as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key] as Record<string, unknown>;
    if (skip.has(key)) continue;
    if (valueType(v) >= 0) paths.push(key);
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length > 0 && keys.every((k) => valueType(v[k]) >= 0))
        paths.push(...keys.map((k) => `${key}.${k}`));
    }
  }
  const kept = paths.filter(keep);
  return hashedSchema(
    kept,
    kept.map((path) => valueType(get(target, path))),
  );
}

/** A schema of these paths and types, with its hash. @internal */
export function hashedSchema(paths: string[], types: number[]): FieldSchema {
  let h = 0x811c9dc5;
  for (let i = 0; i < paths.length; ++i) {
    const s = `${paths[i]}:${types[i]};`;
    for (let k = 0; k < s.length; ++k) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  }
  return { paths, types, hash: h >>> 0 };
}

function valueType(v: unknown): number {
  return ['number', 'boolean', 'string'].indexOf(typeof v);
}

/** Writes `target`'s generic fields (schema hash first). @internal */
export function writeFields(w: ByteWriter, target: object, schema: FieldSchema): void {
  w.uint(schema.hash);
  for (let i = 0; i < schema.paths.length; ++i) {
    const v = get(target, schema.paths[i]);
    const type = schema.types[i];
    if (type === 0) w.float(v as number, 0);
    else if (type === 1) w.u8(v ? 1 : 0);
    else w.text(v as string);
  }
}

/**
 * Reads generic fields written by {@link writeFields} with one of `schemas` (by its hash), without
 * assigning them: the values in its paths' order, then which schema it was. @internal
 */
export function readFields(r: ByteReader, what: string, ...schemas: FieldSchema[]): [unknown[], number] {
  const hash = r.uint();
  const which = schemas.findIndex((schema) => schema.hash === hash);
  if (which < 0)
    badSnapshot(what, 'was written by a build with different fields (foreign or newer snapshot)');
  const values = schemas[which].types.map((type) =>
    type === 0 ? r.float(0) : type === 1 ? r.u8() !== 0 : r.text(),
  );
  return [values, which];
}

/** Assigns values from {@link readFields} to `target`. @internal */
export function assignFields(target: object, schema: FieldSchema, values: readonly unknown[]): void {
  for (let i = 0; i < schema.paths.length; ++i) {
    const path = schema.paths[i];
    const dot = path.indexOf('.');
    const record = target as Record<string, Record<string, unknown>>;
    if (dot < 0) record[path] = values[i] as Record<string, unknown>;
    else record[path.slice(0, dot)][path.slice(dot + 1)] = values[i];
  }
}

/** The field at `path` (`field` or `object.field`) of `target`. @internal */
export function get(target: object, path: string): unknown {
  const record = target as Record<string, Record<string, unknown>>;
  const dot = path.indexOf('.');
  return dot < 0 ? record[path] : record[path.slice(0, dot)][path.slice(dot + 1)];
}
