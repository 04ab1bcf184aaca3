package io.abk.billing.gateway.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestMerchant;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.Sign;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sign-In with Ethereum into a merchant's portal: a known key signs, with web3j, the message the portal issued; the
 * session it opens is of that wallet, merchant and mode. A replayed, expired, foreign-domain, altered or
 * another-key's message opens nothing.
 */
class PortalSignInIT extends PaymentsIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Anvil's first development key: a known key, no secret. */
    private static final ECKeyPair KEY =
            ECKeyPair.create(Numeric.toBigInt("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"));

    private static final ECKeyPair OTHER_KEY = ECKeyPair.create(BigInteger.valueOf(0xC0FFEEL));
    private static final String ADDRESS = "0x" + Keys.getAddress(KEY);

    record Reply(int status, JsonNode body, @Nullable String cookie) {}

    @Test
    void shouldOpenASessionOfTheSignersWalletForTheMerchantAndModeOfTheMessageOnce() {
        var merchant = newMerchant(PAYOUT);
        var message = message(merchant, "test", ADDRESS, null);

        assertThat(message.status()).as(message.body().toString()).isEqualTo(200);
        var text = message.body().path("message").asString();
        assertThat(text)
                .startsWith("localhost:")
                .contains(
                        " wants you to sign in with your Ethereum account:\n" + Keys.toChecksumAddress(ADDRESS) + "\n")
                .contains("\nURI: http://localhost:")
                .contains("\nVersion: 1\n")
                .contains("\nChain ID: 84532\n")
                .contains("\nNonce: " + message.body().path("nonce").asString() + "\n")
                .contains("\nIssued At: ")
                .contains("\nExpiration Time: ");

        var signedIn = signIn(text, sign(text, KEY), null);

        assertThat(signedIn.status()).as(signedIn.body().toString()).isEqualTo(200);
        assertThat(signedIn.body().path("redirect").asString()).isEqualTo("/portal");
        assertThat(signedIn.cookie()).isNotNull();
        var portal = http.get()
                .uri("/portal")
                .cookie(PortalCookie.NAME, signedIn.cookie())
                .exchange()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        assertThat(portal).contains("<main data-page=\"portal\">").contains(ADDRESS.toLowerCase());

        var replayed = signIn(text, sign(text, KEY), null);
        assertThat(replayed.status()).isEqualTo(401);
        assertThat(replayed.cookie()).isNull();
        assertThat(replayed.body().path("error").asString()).contains("expired or was used");
    }

    @Test
    void shouldRefuseAnExpiredAForeignDomainsAnAlteredOrAnotherKeysMessage() {
        var merchant = newMerchant(PAYOUT);

        var expired = message(merchant, "test", ADDRESS, null).body();
        database()
                .execute(
                        "UPDATE portal_sign_in_nonces SET expires_at = now() - interval '1 second' WHERE nonce = ?",
                        expired.path("nonce").asString());
        var expiredText = expired.path("message").asString();
        assertThat(signIn(expiredText, sign(expiredText, KEY), null).status()).isEqualTo(401);

        var foreign = message(merchant, "test", ADDRESS, "shop.evil.example").body();
        var foreignText = foreign.path("message").asString();
        assertThat(foreignText).startsWith("shop.evil.example wants you");
        var refused = signIn(foreignText, sign(foreignText, KEY), null);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.body().path("error").asString()).contains("not to this site");

        var issued =
                message(merchant, "test", ADDRESS, null).body().path("message").asString();
        var altered = issued.replace("Chain ID: 84532", "Chain ID: 1");
        assertThat(signIn(altered, sign(altered, KEY), null).status())
                .as("not the message issued with the nonce")
                .isEqualTo(401);
        var another = signIn(issued, sign(issued, OTHER_KEY), null);
        assertThat(another.status()).isEqualTo(401);
        assertThat(another.body().path("error").asString()).contains("not the message's account's");
        assertThat(signIn(issued, "0x1234", null).status()).isEqualTo(401);
        assertThat(signIn(issued, sign(issued, KEY), "https://shop.evil.example")
                        .status())
                .as("posted from another site")
                .isEqualTo(403);
        assertThat(message(newMerchant(PAYOUT), "sideways", ADDRESS, null).status())
                .isEqualTo(400);
    }

    @Test
    void shouldListTheBrowsersWalletsOnTheSignInPageOfAKnownMerchantOnly() {
        var merchant = newMerchant(PAYOUT);

        var page = http.get()
                .uri("/portal/sign-in?merchant=" + merchant.id() + "&mode=test")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .valueMatches("Content-Security-Policy", ".*script-src 'self';.*")
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();

        assertThat(page)
                .contains("<main data-page=\"portal-sign-in\"")
                .contains("data-wallets")
                .contains(PortalPages.SCRIPT_PATH + "?v=");
        http.get()
                .uri("/portal/sign-in?merchant=mer_unknown&mode=test")
                .exchange()
                .expectStatus()
                .isNotFound();
    }

    private Reply message(TestMerchant merchant, String mode, String address, @Nullable String host) {
        var request = http.post().uri("/portal/sign-in/message");
        if (host != null) {
            request = request.header(HttpHeaders.HOST, host);
        }
        return reply(request.contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("merchant", merchant.id(), "mode", mode, "address", address)));
    }

    private Reply signIn(String message, String signature, @Nullable String origin) {
        var request = http.post().uri("/portal/sign-in");
        if (origin != null) {
            request = request.header(HttpHeaders.ORIGIN, origin);
        }
        return reply(request.contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("message", message, "signature", signature)));
    }

    private static Reply reply(org.springframework.test.web.reactive.server.WebTestClient.RequestHeadersSpec<?> spec) {
        var result = spec.exchange().expectBody(String.class).returnResult();
        var text = result.getResponseBody() == null ? "" : result.getResponseBody();
        var cookie = result.getResponseCookies().getFirst(PortalCookie.NAME);
        return new Reply(
                result.getStatus().value(),
                text.startsWith("{") ? JSON.readTree(text) : JSON.missingNode(),
                cookie == null ? null : cookie.getValue());
    }

    /** {@code personal_sign} of {@code text} by {@code key}: r, s, v as 65 bytes of 0x hex. */
    static String sign(String text, ECKeyPair key) {
        var signature = Sign.signPrefixedMessage(text.getBytes(StandardCharsets.UTF_8), key);
        var bytes = new byte[65];
        System.arraycopy(signature.getR(), 0, bytes, 0, 32);
        System.arraycopy(signature.getS(), 0, bytes, 32, 32);
        bytes[64] = signature.getV()[0];
        return Numeric.toHexString(bytes);
    }
}
