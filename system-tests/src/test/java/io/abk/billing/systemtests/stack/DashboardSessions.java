package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Team members signed in to the dashboard through its forms, for tests that call its pages as a browser would. */
final class DashboardSessions {

    private static final Pattern CSRF = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]+)\">");

    /** A signed-in member: the session cookie's token and the session's CSRF token. */
    record Session(String token, String csrf) {}

    private DashboardSessions() {}

    /** Adds a member to the team ({@code role} null: its first, the owner) and signs them in, in test mode. */
    static Session member(Api api, String merchantId, String role) {
        var email = "member-" + UUID.randomUUID() + "@example.com";
        var password = "a long password " + UUID.randomUUID();
        var user = new LinkedHashMap<String, Object>(Map.of("email", email, "password", password));
        if (role != null) {
            user.put("role", role);
        }
        api.admin("POST", "/admin/v1/merchants/" + merchantId + "/users")
                .json(user)
                .send()
                .expect(201);
        var signedIn = form(api, "/dashboard/login", null, Map.of("email", email, "password", password));
        assertThat(signedIn.status()).as(signedIn.toString()).isEqualTo(303);
        var cookie = signedIn.headers().firstValue("Set-Cookie").orElseThrow();
        var token = cookie.substring("abk_session=".length(), cookie.indexOf(';'));
        var home = page(api, token, "/dashboard/home");
        var csrf = CSRF.matcher(home.body());
        assertThat(csrf.find()).as(home.body()).isTrue();
        return new Session(token, csrf.group(1));
    }

    /** The session shows {@code mode}'s data from now on. */
    static void switchMode(Api api, Session session, String mode) {
        var switched = form(api, "/dashboard/mode", session.token(), Map.of("csrf", session.csrf(), "mode", mode));
        assertThat(switched.status()).as(switched.toString()).isEqualTo(303);
    }

    /** A page as the session's member asks for it. */
    static Reply page(Api api, String token, String path) {
        return api.get(path).header("Cookie", "abk_session=" + token).send();
    }

    private static Reply form(Api api, String path, String token, Map<String, String> fields) {
        var body = fields.entrySet().stream()
                .map(field -> field.getKey() + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        var call = api.post(path).body(body, "application/x-www-form-urlencoded");
        return (token == null ? call : call.header("Cookie", "abk_session=" + token)).send();
    }
}
