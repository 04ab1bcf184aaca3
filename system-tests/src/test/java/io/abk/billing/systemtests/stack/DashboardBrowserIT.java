package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard's sign-in in a real headless Chromium ({@code test-tools/dashboard-browser.mjs}): a member of a team the
 * operator API made signs in with a wrong password and is refused, signs in, sees their team's home page in test mode,
 * and signs out, by keyboard at 360 px and by mouse at 1280 px; every page is photographed
 * ({@code target/dashboard-screens}) and checked with axe-core.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class DashboardBrowserIT {

    static final Path SCREENS = Path.of("target", "dashboard-screens");
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);

    @Test
    void shouldSignInRefuseAWrongPasswordShowTheHomePageAndSignOutByKeyboardAndMouse(Api api) throws Exception {
        CheckoutBrowser.assumeAvailable();
        // given a team of one, its owner, made through the operator API
        var merchant = api.newMerchantDisplayed("Acme Coffee");
        var email = "owner-" + UUID.randomUUID() + "@acme.example";
        var password = "a long password " + UUID.randomUUID();
        var owner = api.admin("POST", "/admin/v1/merchants/" + merchant.id() + "/users")
                .json(Map.of("email", email, "password", password))
                .send()
                .expect(201)
                .json()
                .path("user");
        assertThat(owner.path("role").asString()).isEqualTo("owner");

        // when the owner uses the dashboard in a browser
        var result = runBrowser(Map.of(
                "baseUrl",
                api.info().baseUrl(),
                "email",
                email,
                "password",
                password,
                "outDir",
                SCREENS.toAbsolutePath().toString()));

        // then every step showed the page it should, without an accessibility or CSP problem
        assertThat(result.path("ok").asBoolean())
                .as(
                        "dashboard in the browser: %s%nsteps: %s%nscreenshots: %s",
                        result.path("error").asString(), result.path("steps"), SCREENS.toAbsolutePath())
                .isTrue();
        assertThat(result.path("steps")
                        .valueStream()
                        .map(step -> step.path("viewport").asString() + " "
                                + step.path("step").asString() + " "
                                + step.path("page").asString()))
                .containsExactly(
                        "phone sign-in login",
                        "phone sign-in-refused login",
                        "phone home home",
                        "phone signed-out login",
                        "desktop sign-in login",
                        "desktop sign-in-refused login",
                        "desktop home home",
                        "desktop signed-out login");
    }

    @Test
    void shouldSignTheDemoOwnerInWithTheEmailAndPasswordTheBannerPrints(Api api) throws Exception {
        var info = api.info();
        var form = "email=" + URLEncoder.encode(info.demoOwnerEmail(), StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(info.demoOwnerPassword(), StandardCharsets.UTF_8);

        var answer = Api.SHARED.send(
                HttpRequest.newBuilder(URI.create(info.baseUrl() + "/dashboard/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(303);
        assertThat(answer.headers().firstValue("Location")).hasValue("/dashboard/home");
        assertThat(answer.headers().firstValue("Set-Cookie"))
                .hasValueSatisfying(
                        cookie -> assertThat(cookie).startsWith("abk_session=").contains("HttpOnly"));
    }

    private static JsonNode runBrowser(Map<String, String> input) throws IOException, InterruptedException {
        Files.createDirectories(SCREENS);
        var in = Files.createTempFile("dashboard-browser-", ".json");
        var out = Files.createTempFile("dashboard-browser-results-", ".json");
        try {
            Files.writeString(in, Json.write(input));
            var log = Path.of("target", "dashboard-browser.log");
            var process = new ProcessBuilder(
                            "node",
                            CheckoutBrowser.TOOLS
                                    .resolve("dashboard-browser.mjs")
                                    .toString(),
                            in.toString(),
                            out.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            if (!process.waitFor(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the dashboard in the browser took longer than " + RUN_LIMIT + "; its log: "
                        + Files.readString(log));
            }
            var output = Files.readString(log);
            System.out.print("dashboard browser: " + output);
            assertThat(process.exitValue())
                    .as("node dashboard-browser.mjs exit code; its output:%n%s", output)
                    .isZero();
            return Json.parse(Files.readString(out));
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }
}
