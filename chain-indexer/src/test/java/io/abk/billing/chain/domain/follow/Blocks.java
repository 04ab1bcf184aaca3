package io.abk.billing.chain.domain.follow;

import java.util.ArrayList;
import java.util.List;

/** Readable test chains: block n of branch b has hash h(b, n); a branch forks from another at a given block. */
final class Blocks {

    private Blocks() {}

    static String h(char branch, long number) {
        return "0x" + String.format("%063x", number) + branch;
    }

    /** Blocks {@code from..to} of branch {@code branch}, block {@code from}'s parent on {@code parentBranch}. */
    static List<BlockRef> chain(char parentBranch, char branch, long from, long to) {
        var blocks = new ArrayList<BlockRef>();
        for (long n = from; n <= to; n++) {
            blocks.add(new BlockRef(n, h(branch, n), h(n == from ? parentBranch : branch, n - 1)));
        }
        return blocks;
    }

    static List<BlockRef> chain(char branch, long from, long to) {
        return chain(branch, branch, from, to);
    }
}
