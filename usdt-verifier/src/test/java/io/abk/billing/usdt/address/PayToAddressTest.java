package io.abk.billing.usdt.address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.usdt.address.PayToAddress.InvalidAddressException;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PayToAddressTest {

    /** Tron's USDT contract, in its two Tron forms and as the 20-byte account the JSON-RPC names. */
    private static final String USDT_BASE58 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

    private static final String USDT_HEX = "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c";

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "41a614f803b6fd780986a42c78ec9c7f77e6ded13c, 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c, 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "0x41A614F803B6FD780986A42C78EC9C7F77E6DED13C, 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c, 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "0xA614F803B6FD780986A42C78EC9C7F77E6DED13C, 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
        // The EIP-55 example address, its checksum right.
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed, 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
        // 0x and 40 hex digits is an EVM address even when it starts with 41.
        "0x41aaeb6053f3e94c9b9a09f33669435e7ef1beae, 0x41aaeb6053f3e94c9b9a09f33669435e7ef1beae",
    })
    void shouldNormaliseToLowerCaseHexWhenTheAddressIsValid(String given, String normalised) {
        assertThat(PayToAddress.normalise(given)).isEqualTo(normalised);
    }

    @Test
    void shouldGiveBackTheBase58FormWhenEncodingANormalisedAddress() {
        assertThat(PayToAddress.toTronBase58(USDT_HEX)).isEqualTo(USDT_BASE58);
    }

    @Test
    void shouldRoundTripEveryAccountWhenEncodingAndDecodingBase58() {
        // Seeded, so a failure repeats; includes accounts with leading zero bytes (base58's '1' digits).
        var random = new Random(20260501L);
        for (int i = 0; i < 500; i++) {
            var bytes = new byte[20];
            random.nextBytes(bytes);
            if (i % 50 == 0) {
                bytes[0] = 0;
                bytes[1] = 0;
            }
            var hex = "0x" + HexFormat.of().formatHex(bytes);
            var base58 = PayToAddress.toTronBase58(hex);
            assertThat(base58).startsWith("T").hasSize(34);
            assertThat(PayToAddress.normalise(base58)).isEqualTo(hex);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                // One character changed: the checksum catches it.
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t",
                "TR8NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
                // Two characters swapped.
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjL6jt",
            })
    void shouldRefuseABase58AddressWhenItsChecksumDoesNotMatch(String corrupted) {
        assertThatThrownBy(() -> PayToAddress.normalise(corrupted))
                .isInstanceOf(InvalidAddressException.class)
                .hasMessageContaining("checksum");
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(
            strings = {
                "",
                "T",
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6",
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt",
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t",
                "0xa614f803b6fd780986a42c78ec9c7f77e6ded13",
                "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c0",
                "0xg614f803b6fd780986a42c78ec9c7f77e6ded13c",
                "a614f803b6fd780986a42c78ec9c7f77e6ded13c",
                "0x42a614f803b6fd780986a42c78ec9c7f77e6ded13c",
                "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
                // The EIP-55 example with the case of one letter flipped: a mistyped address.
                "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd",
            })
    void shouldRefuseTheTextWhenItIsNoAddress(String text) {
        assertThatThrownBy(() -> PayToAddress.normalise(text)).isInstanceOf(InvalidAddressException.class);
    }

    @Test
    void shouldRefuseABase58PayloadWhenItIsNotATronAccount() {
        // A valid Base58Check text shaped like a Tron address whose payload does not start with 0x41.
        String text = null;
        for (int prefix = 0x40; prefix <= 0x42 && text == null; prefix++) {
            for (int last = 0; last < 256 && prefix != 0x41; last++) {
                var payload = new byte[21];
                payload[0] = (byte) prefix;
                payload[20] = (byte) last;
                var candidate = Base58Check.encode(payload);
                if (candidate.startsWith("T") && candidate.length() == 34) {
                    text = candidate;
                    break;
                }
            }
        }
        assertThat(text)
                .as("a non-Tron payload that encodes like a Tron address")
                .isNotNull();
        var refused = text;
        assertThatThrownBy(() -> PayToAddress.normalise(refused))
                .isInstanceOf(InvalidAddressException.class)
                .hasMessageContaining("0x41");
    }
}
