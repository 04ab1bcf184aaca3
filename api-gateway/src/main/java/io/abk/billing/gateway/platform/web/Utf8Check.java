package io.abk.billing.gateway.platform.web;

/**
 * Checks bytes for well-formed UTF-8 (RFC 3629) as they arrive, piece by piece: no overlong form (such as
 * {@code C0 AF} for {@code /}), no encoded surrogate ({@code ED A0 80}), nothing past U+10FFFF, no stray or missing
 * continuation byte. The JSON parser decodes the first two leniently, so a body carrying them would otherwise be read
 * as if it were valid. Not thread-safe: one instance per body.
 */
final class Utf8Check {

    /** Continuation bytes still expected of the current sequence. */
    private int pending;
    /** The bounds of the next continuation byte: narrower than 80..BF right after some lead bytes. */
    private int low = 0x80;

    private int high = 0xbf;
    private boolean broken;

    /** Reads one more byte; false once anything read so far is not UTF-8. */
    boolean accept(byte value) {
        if (broken) {
            return false;
        }
        int b = value & 0xff;
        if (pending > 0) {
            if (b < low || b > high) {
                broken = true;
                return false;
            }
            pending--;
            low = 0x80;
            high = 0xbf;
            return true;
        }
        if (b < 0x80) {
            return true;
        }
        if (b >= 0xc2 && b <= 0xdf) {
            pending = 1;
        } else if (b >= 0xe0 && b <= 0xef) {
            pending = 2;
            // E0 needs A0.. (else overlong); ED needs ..9F (else a surrogate, D800..DFFF).
            low = b == 0xe0 ? 0xa0 : 0x80;
            high = b == 0xed ? 0x9f : 0xbf;
        } else if (b >= 0xf0 && b <= 0xf4) {
            pending = 3;
            // F0 needs 90.. (else overlong); F4 needs ..8F (else past U+10FFFF).
            low = b == 0xf0 ? 0x90 : 0x80;
            high = b == 0xf4 ? 0x8f : 0xbf;
        } else {
            // A stray continuation byte, C0/C1 (always overlong) or F5..FF (never in UTF-8).
            broken = true;
            return false;
        }
        return true;
    }

    /** Whether everything read is UTF-8 and no sequence is left unfinished. */
    boolean complete() {
        return !broken && pending == 0;
    }
}
