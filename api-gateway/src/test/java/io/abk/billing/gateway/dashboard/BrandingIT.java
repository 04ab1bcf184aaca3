package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.web.Html;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;

/**
 * The checkout's branding: the brand name and accent colour the owner sets through {@code PATCH /v1/account} (bad ones
 * refused, nothing changed), the logo put and removed through {@code /v1/account/logo} (only a PNG or a JPEG that is
 * one, at most 256 KiB), served publicly at its versioned address, and the hosted checkout page that shows all three
 * under its style-sheet hash.
 */
class BrandingIT extends DashboardIT {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] JPEG_SIGNATURE = {(byte) 0xff, (byte) 0xd8, (byte) 0xff, (byte) 0xe0};
    private static final Pattern STYLE = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL);

    @Test
    void shouldChangeTheBrandNameAndAccentAndRefuseBadOnesChangingNothing() {
        var team = newTeam("Branding Ltd");
        var owner = team.owner();

        var changed = api(
                owner, HttpMethod.PATCH, "/v1/account", Map.of("brandName", "Acme Coffee", "accentColor", "#1A2B3C"));

        assertThat(changed.status()).as(changed.text()).isEqualTo(200);
        assertThat(changed.body().get("account").get("brandName").stringValue()).isEqualTo("Acme Coffee");
        assertThat(changed.body().get("account").get("accentColor").stringValue())
                .isEqualTo("#1a2b3c");
        for (var bad : new Object[][] {
            {"accentColor", "#12345"},
            {"accentColor", "red"},
            {"accentColor", "#1a2b3c;}"},
            {"brandName", ""},
            {"brandName", "x".repeat(81)},
            {"accentColor", 123}
        }) {
            var refused = api(owner, HttpMethod.PATCH, "/v1/account", Map.of((String) bad[0], bad[1]));
            assertThat(refused.status()).as(Arrays.toString(bad)).isEqualTo(400);
            assertThat(refused.code()).isEqualTo("validation_error");
        }
        var viewer = api(team.viewer(), HttpMethod.PATCH, "/v1/account", Map.of("brandName", "Viewer's"));
        assertThat(viewer.status()).isEqualTo(403);
        assertThat(viewer.code()).isEqualTo("permission_denied");
        var account = api(owner, HttpMethod.GET, "/v1/account", null).body().get("account");
        assertThat(account.get("brandName").stringValue()).isEqualTo("Acme Coffee");
        assertThat(account.get("accentColor").stringValue()).isEqualTo("#1a2b3c");

        var cleared = new HashMap<String, @Nullable Object>();
        cleared.put("brandName", null);
        assertThat(api(owner, HttpMethod.PATCH, "/v1/account", cleared)
                        .body()
                        .get("account")
                        .get("brandName")
                        .isNull())
                .isTrue();
    }

    @Test
    void shouldTakeAPngOrJpegLogoServeItAtItsVersionedAddressAndRefuseOtherBodies() {
        var team = newTeam("Logo Ltd");
        var owner = team.owner();
        var png = image(PNG_SIGNATURE, 2_000);

        var put = putLogo(owner, MediaType.IMAGE_PNG_VALUE, png);

        assertThat(put.getStatus().value())
                .as(new String(put.getResponseBody()))
                .isEqualTo(200);
        var account = api(owner, HttpMethod.GET, "/v1/account", null).body().get("account");
        var logoPath = account.get("logoPath").stringValue();
        assertThat(logoPath).matches("/checkout/brand/" + team.merchant().id() + "/logo\\?v=[0-9a-f]{16}");
        var served =
                http.get().uri(logoPath).exchange().expectBody(byte[].class).returnResult();
        assertThat(served.getStatus().value()).isEqualTo(200);
        assertThat(served.getResponseBody()).isEqualTo(png);
        assertThat(served.getResponseHeaders().getContentType()).isEqualTo(MediaType.IMAGE_PNG);
        assertThat(served.getResponseHeaders().getFirst("X-Content-Type-Options"))
                .isEqualTo("nosniff");
        assertThat(served.getResponseHeaders().getCacheControl())
                .contains("max-age=31536000")
                .contains("immutable");
        var unversioned = http.get()
                .uri("/checkout/brand/" + team.merchant().id() + "/logo")
                .exchange()
                .expectBody(byte[].class)
                .returnResult();
        assertThat(unversioned.getResponseHeaders().getCacheControl()).isEqualTo("no-cache");

        // refused: another type, SVG, bytes that are not the declared type, too large, empty; the logo stays
        assertThat(assertRefused(
                        putLogo(owner, MediaType.IMAGE_GIF_VALUE, image("GIF89a".getBytes(), 100)),
                        415,
                        "unsupported_media_type"))
                .contains("send image/jpeg or image/png");
        assertRefused(
                putLogo(owner, "image/svg+xml", "<svg onload=\"alert(1)\"/>".getBytes()),
                415,
                "unsupported_media_type");
        assertRefused(putLogo(owner, MediaType.IMAGE_PNG_VALUE, image(JPEG_SIGNATURE, 100)), 400, "invalid_request");
        assertRefused(putLogo(owner, MediaType.IMAGE_JPEG_VALUE, image(PNG_SIGNATURE, 100)), 400, "invalid_request");
        assertRefused(
                putLogo(owner, MediaType.IMAGE_PNG_VALUE, image(PNG_SIGNATURE, 300 * 1024)), 413, "payload_too_large");
        assertRefused(putLogo(owner, MediaType.IMAGE_PNG_VALUE, new byte[0]), 400, "invalid_request");
        assertThat(api(owner, HttpMethod.GET, "/v1/account", null)
                        .body()
                        .get("account")
                        .get("logoPath")
                        .stringValue())
                .isEqualTo(logoPath);
        assertRefused(putLogo(team.viewer(), MediaType.IMAGE_PNG_VALUE, png), 403, "permission_denied");

        // a key may put a JPEG; a new logo has a new address, and removing it leaves none
        var jpeg = image(JPEG_SIGNATURE, 3_000);
        var byKey = http.put()
                .uri("/v1/account/logo")
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + team.merchant().key("test"))
                .contentType(MediaType.IMAGE_JPEG)
                .bodyValue(jpeg)
                .exchange()
                .expectBody(String.class)
                .returnResult();
        assertThat(byKey.getStatus().value()).as(byKey.getResponseBody()).isEqualTo(200);
        var jpegPath = api(owner, HttpMethod.GET, "/v1/account", null)
                .body()
                .get("account")
                .get("logoPath")
                .stringValue();
        assertThat(jpegPath).isNotEqualTo(logoPath);
        assertThat(http.get()
                        .uri(jpegPath)
                        .exchange()
                        .expectBody(byte[].class)
                        .returnResult()
                        .getResponseHeaders()
                        .getContentType())
                .isEqualTo(MediaType.IMAGE_JPEG);
        var removed = api(owner, HttpMethod.DELETE, "/v1/account/logo", null);
        assertThat(removed.status()).as(removed.text()).isEqualTo(200);
        assertThat(removed.body().get("account").get("logoPath").isNull()).isTrue();
        http.get().uri(jpegPath).exchange().expectStatus().isNotFound();
        assertThat(page("/dashboard/settings/audit-log", owner.token()))
                .contains("merchant.logo_updated")
                .contains("merchant.logo_removed");
    }

    @Test
    void shouldShowTheBrandOnTheCheckoutPageAndTheSettingsPageUnderTheStyleSheetsHash() {
        var team = newTeam("Checkout Ltd");
        var owner = team.owner();
        api(owner, HttpMethod.PATCH, "/v1/account", Map.of("brandName", "Bean & \"Leaf\"", "accentColor", "#1a2b3c"));
        putLogo(owner, MediaType.IMAGE_PNG_VALUE, image(PNG_SIGNATURE, 500));
        var logoPath = api(owner, HttpMethod.GET, "/v1/account", null)
                .body()
                .get("account")
                .get("logoPath")
                .stringValue();
        var subscription = subscribe(team.merchant(), "test").subscriptionId();

        var page = http.get()
                .uri("/checkout/subscribe/" + subscription)
                .exchange()
                .expectBody(String.class)
                .returnResult();

        var html = String.valueOf(page.getResponseBody());
        assertThat(html)
                .contains("Subscribe to Bean &amp; &quot;Leaf&quot;")
                .contains("<img class=\"logo\" src=\"" + Html.escape(logoPath)
                        + "\" alt=\"Bean &amp; &quot;Leaf&quot;\">");
        var style = STYLE.matcher(html);
        assertThat(style.find()).isTrue();
        // a dark accent takes white text
        assertThat(style.group(1)).endsWith(":root{--accent:#1a2b3c;--on-accent:#ffffff}");
        assertThat(page.getResponseHeaders().getFirst("Content-Security-Policy"))
                .contains("style-src '" + Html.sha256Source(style.group(1)) + "'")
                .contains("img-src 'self' data:")
                .doesNotContain("unsafe");

        api(owner, HttpMethod.PATCH, "/v1/account", Map.of("accentColor", "#ffee00"));
        var light = http.get()
                .uri("/checkout/subscribe/" + subscription)
                .exchange()
                .expectBody(String.class)
                .returnResult();
        // a light accent takes black text (cached merchants are dropped on change in this process)
        assertThat(String.valueOf(light.getResponseBody())).contains(":root{--accent:#ffee00;--on-accent:#000000}");

        var settings = page("/dashboard/settings", owner.token());
        assertThat(settings)
                .contains("id=\"edit-branding\"")
                .contains("name=\"brandName\" value=\"Bean &amp; &quot;Leaf&quot;\"")
                .contains("name=\"accentColor\" value=\"#ffee00\"")
                .contains("type=\"color\"")
                .contains("accept=\"image/png,image/jpeg\"")
                .contains("data-action=\"remove-logo\"")
                .contains("src=\"" + Html.escape(logoPath) + "\"");
        assertThat(page("/dashboard/settings", team.viewer().token()))
                .contains("Bean &amp; &quot;Leaf&quot;")
                .doesNotContain("id=\"edit-branding\"")
                .doesNotContain("data-action=\"remove-logo\"");
    }

    private EntityExchangeResult<byte[]> putLogo(Session session, String type, byte[] bytes) {
        return http.put()
                .uri("/dashboard/api/v1/account/logo")
                .cookie("abk_session", session.token())
                .header(DashboardSessionFilter.CSRF_HEADER, session.csrf())
                .header(HttpHeaders.CONTENT_TYPE, type)
                .bodyValue(bytes)
                .exchange()
                .expectBody(byte[].class)
                .returnResult();
    }

    /** Asserts the refusal's status and code; its text. */
    private static String assertRefused(EntityExchangeResult<byte[]> result, int status, String code) {
        var body = new String(result.getResponseBody() == null ? new byte[0] : result.getResponseBody());
        assertThat(result.getStatus().value()).as(body).isEqualTo(status);
        assertThat(body).contains("\"code\":\"" + code + "\"");
        return body;
    }

    /** {@code size} bytes that start with {@code signature}. */
    private static byte[] image(byte[] signature, int size) {
        var bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (i * 31);
        }
        System.arraycopy(signature, 0, bytes, 0, Math.min(signature.length, size));
        return bytes;
    }
}
