package io.abk.billing.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.contracts.TypedData.Field;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Hash;
import org.web3j.crypto.StructuredDataEncoder;

/**
 * EIP-712 hashing by hand, checked against the specification's own "Mail" example (the values in EIP-712's text and
 * its reference Example.js) and, for the platform's types, against web3j's independent encoder of the same JSON.
 */
class TypedDataTest {

    private static final Eip712Domain MAIL_DOMAIN =
            new Eip712Domain("Ether Mail", "1", 1, "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC");
    private static final Map<String, List<Field>> MAIL_TYPES = Map.of(
            "Person", List.of(new Field("name", "string"), new Field("wallet", "address")),
            "Mail", List.of(new Field("from", "Person"), new Field("to", "Person"), new Field("contents", "string")));
    private static final Map<String, Object> MAIL = Map.of(
            "from", Map.of("name", "Cow", "wallet", "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"),
            "to", Map.of("name", "Bob", "wallet", "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"),
            "contents", "Hello, Bob!");

    private static final String TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    private static final String VAULT = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
    private static final String OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

    @Test
    void shouldComputeTheSpecificationsMailExample() {
        var mail = TypedData.of(MAIL_DOMAIN, "Mail", MAIL_TYPES, MAIL);

        assertThat(TypedDataHasher.encodeType("Mail", MAIL_TYPES))
                .isEqualTo("Mail(Person from,Person to,string contents)Person(string name,address wallet)");
        assertThat(MAIL_DOMAIN.separator())
                .isEqualTo("0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f");
        assertThat(mail.structHash()).isEqualTo("0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e");
        assertThat(mail.digest()).isEqualTo("0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2");
    }

    @Test
    void shouldSignAndRecoverTheMailExampleAsTheSpecificationsReferenceDoes() {
        // Example.js signs with keccak256("cow") and publishes v, r and s.
        String cowKey = EvmHex.of(Hash.sha3("cow".getBytes(StandardCharsets.UTF_8)));
        String digest = TypedData.of(MAIL_DOMAIN, "Mail", MAIL_TYPES, MAIL).digest();

        String signature = Signatures.sign(digest, cowKey);

        assertThat(signature)
                .isEqualTo("0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d"
                        + "07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562" + "1c");
        assertThat(Signatures.recover(digest, signature)).isEqualTo("0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826");
    }

    @Test
    void shouldUseFiatTokensTypeHashes() {
        // The constants FiatToken v2.2 publishes (EIP2612.sol, EIP3009.sol).
        assertThat(typeHash(Eip2612.permit(domain(), OWNER, VAULT, BigInteger.ONE, BigInteger.ZERO, BigInteger.TEN)))
                .isEqualTo("0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9");
        assertThat(typeHash(transfer()))
                .isEqualTo("0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267");
        assertThat(typeHash(Eip3009.receiveWithAuthorization(
                        domain(), OWNER, VAULT, BigInteger.ONE, BigInteger.ZERO, BigInteger.TEN, nonce())))
                .isEqualTo("0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8");
        assertThat(typeHash(Eip3009.cancelAuthorization(domain(), OWNER, nonce())))
                .isEqualTo("0x158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a1597429");
    }

    @Test
    void shouldAgreeWithWeb3jsEncoderOnTheWalletPayloadOfEveryPlatformType() throws Exception {
        var terms = new SubscribeAuthorization(
                SubscriptionRef.of("sub_1"),
                OWNER,
                VAULT,
                TOKEN,
                BigInteger.valueOf(10_000_000),
                1,
                Instant.parse("2026-07-15T10:00:00Z"),
                12,
                Instant.parse("2026-07-15T11:00:00Z"),
                nonce());
        var vault = VaultSignatures.domain(31337, VAULT);
        List<TypedData> all = List.of(
                Eip2612.permit(
                        domain(),
                        OWNER,
                        VAULT,
                        BigInteger.valueOf(120_000_000),
                        BigInteger.TWO,
                        PermitTokenAbi.NO_DEADLINE),
                transfer(),
                Eip3009.cancelAuthorization(domain(), OWNER, nonce()),
                VaultSignatures.subscribe(vault, terms),
                VaultSignatures.cancel(vault, terms.ref(), BigInteger.valueOf(1_800_000_000L)));

        for (TypedData typed : all) {
            byte[] independent = new StructuredDataEncoder(typed.json()).hashStructuredData();
            assertThat(EvmHex.of(independent)).as(typed.primaryType()).isEqualTo(typed.digest());
        }
    }

    @Test
    void shouldWriteEveryIntegerAsADecimalStringInTheWalletPayload() {
        String json = Eip2612.permit(
                        domain(),
                        OWNER,
                        VAULT,
                        BigInteger.valueOf(120_000_000),
                        BigInteger.TWO,
                        PermitTokenAbi.NO_DEADLINE)
                .json();

        assertThat(json)
                .contains("\"primaryType\":\"Permit\"")
                .contains("\"chainId\":\"31337\"")
                .contains("\"value\":\"120000000\"")
                .contains("\"deadline\":\"" + PermitTokenAbi.NO_DEADLINE + "\"")
                .contains("\"owner\":\"0x70997970c51812dc3a010c7d01b50e0d17dc79c8\"")
                .contains("{\"name\":\"verifyingContract\",\"type\":\"address\"}");
    }

    @Test
    void shouldRefuseAValueOutsideItsType() {
        assertThatThrownBy(() -> Eip2612.permit(
                        domain(), OWNER, VAULT, BigInteger.ONE.shiftLeft(256), BigInteger.ZERO, BigInteger.ONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of range for uint256");
    }

    private static Eip712Domain domain() {
        return new Eip712Domain("Test USDC", "2", 31337, TOKEN);
    }

    private static TypedData transfer() {
        return Eip3009.transferWithAuthorization(
                domain(), OWNER, VAULT, BigInteger.valueOf(5_000_000), BigInteger.ZERO, BigInteger.TEN, nonce());
    }

    private static String nonce() {
        return AuthorizationNonce.of("pay_1");
    }

    private static String typeHash(TypedData typed) {
        return EvmHex.of(Hash.sha3(
                TypedDataHasher.encodeType(typed.primaryType(), typed.types()).getBytes(StandardCharsets.UTF_8)));
    }
}
