package io.abk.billing.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Signatures are held to the rules the vault and FiatToken enforce, so the API never accepts what the chain refuses. */
class SignaturesTest {

    private static final String DIGEST = AuthorizationNonce.of("a digest to sign");
    private static final String KEY = AnvilKeys.PUBLIC_TEST_KEYS.get(2);
    private static final String ADDRESS = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
    /** The secp256k1 group order. */
    private static final BigInteger N =
            new BigInteger("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16);

    @Test
    void shouldRecoverTheSignerOfALowSSignatureInLowerCase() {
        String signature = Signatures.sign(DIGEST, KEY);

        assertThat(new BigInteger(signature.substring(66, 130), 16)).isLessThanOrEqualTo(Signatures.MAX_LOW_S);
        assertThat(Signatures.recover(DIGEST, signature)).isEqualTo(ADDRESS);
        assertThat(Signatures.recover(
                        DIGEST.toUpperCase().replace("0X", "0x"),
                        signature.toUpperCase().replace("0X", "0x")))
                .isEqualTo(ADDRESS);
    }

    @Test
    void shouldRecoverAnotherAddressForAnotherDigest() {
        String signature = Signatures.sign(DIGEST, KEY);

        assertThat(Signatures.recover(AuthorizationNonce.of("another digest"), signature))
                .isNotEqualTo(ADDRESS);
    }

    // Protects against malleability: (r, n - s, v flipped) recovers the same key, and the chain refuses it.
    @Test
    void shouldRefuseTheHighSTwinOfAValidSignature() {
        String signature = Signatures.sign(DIGEST, KEY);
        BigInteger s = new BigInteger(signature.substring(66, 130), 16);
        int v = Integer.parseInt(signature.substring(130), 16);
        String twin =
                signature.substring(0, 66) + String.format("%064x", N.subtract(s)) + String.format("%02x", 55 - v);

        assertThatThrownBy(() -> Signatures.recover(DIGEST, twin))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lower half");
    }

    @Test
    void shouldRefuseMalformedSignatures() {
        String signature = Signatures.sign(DIGEST, KEY);
        String body = signature.substring(0, 130);

        assertThatThrownBy(() -> Signatures.recover(DIGEST, body))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("65 bytes");
        assertThatThrownBy(() -> Signatures.recover(DIGEST, signature + "00"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Signatures.recover(DIGEST, body + "01"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("v must be 27 or 28");
        assertThatThrownBy(() -> Signatures.recover(DIGEST, "0x" + "00".repeat(64) + "1b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be zero");
        assertThatThrownBy(() -> Signatures.recover(DIGEST, "0x" + "zz".repeat(65)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Signatures.recover("0x1234", signature)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldSplitIntoTheVrsFormOfAContractCall() {
        String signature = Signatures.sign(DIGEST, KEY);

        Signatures.Parts parts = Signatures.split(signature);

        assertThat(parts.r() + parts.s().substring(2) + String.format("%02x", parts.v()))
                .isEqualTo(signature);
        assertThat(parts.v()).isIn(27, 28);
    }
}
