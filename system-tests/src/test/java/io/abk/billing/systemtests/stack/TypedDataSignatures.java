package io.abk.billing.systemtests.stack;

import io.abk.billing.systemtests.stack.TestChain.Wallet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;

/**
 * EIP-712 signatures as a wallet's {@code eth_signTypedData_v4} makes them, for the checkout's {@code /signing}
 * payloads: web3j hashes the typed data and signs the digest with the wallet's key ({@code r ‖ s ‖ v}, v 27 or 28).
 */
final class TypedDataSignatures {

    private TypedDataSignatures() {}

    static String sign(String typedDataJson, Wallet wallet) {
        try {
            var digest = new StructuredDataEncoder(typedDataJson).hashStructuredData();
            var signature = Sign.signMessage(digest, wallet.credentials().getEcKeyPair(), false);
            var hex = HexFormat.of();
            return "0x" + hex.formatHex(signature.getR()) + hex.formatHex(signature.getS())
                    + hex.formatHex(signature.getV());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
