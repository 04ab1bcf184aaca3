package io.abk.billing.bench.api;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The dashboard as a browser uses it, for a member of a merchant's team made through the operator API: signed in by
 * the sign-in form's post ({@code /dashboard/login}), then every request carries the session's cookie. Redirects are
 * not followed: a search by id answers 303, as the browser sees it first.
 */
public final class DashboardBrowser implements AutoCloseable {

    /** The session cookie's name (api-gateway's {@code SessionCookie}). */
    private static final String COOKIE = "abk_session";

    private static final Pattern SET_COOKIE = Pattern.compile("^" + COOKIE + "=([^;]*)");
    private static final Pattern ASSET =
            Pattern.compile("<(?:script src|link rel=\"stylesheet\" href)=\"(/dashboard/[^\"]+)\"");
    private static final Pattern OLDER = Pattern.compile("<a href=\"([^\"]+)\" data-action=\"next-page\">");

    /** A page's status and text. */
    public record Page(int status, String body) {}

    /** A first load: the page's HTML alone, then with its scripts and styles; how many assets, how many bytes in all. */
    public record FirstLoad(Duration html, Duration total, int assets, long bytes) {}

    /** A streamed export: its rows (lines after the header) and bytes. */
    public record Export(long rows, long bytes) {}

    private final URI base;
    private final String cookie;
    private final HttpClient client;

    private DashboardBrowser(URI base, String cookie) {
        this.base = base;
        this.cookie = cookie;
        this.client = client();
    }

    /**
     * Makes a member of {@code merchantId}'s team (its first: the owner) with the operator API and signs them in
     * through the form, as a browser posts it (form-encoded, with the gateway's origin).
     */
    public static DashboardBrowser signIn(StackApi api, String adminToken, String merchantId) {
        var email = "bench-" + UUID.randomUUID() + "@example.com";
        var password = "bench " + UUID.randomUUID();
        api.post(
                        "/admin/v1/merchants/" + merchantId + "/users",
                        adminToken,
                        Map.of("email", email, "password", password))
                .expect(201);
        var base = URI.create(api.baseUrl());
        var form = "email=" + URLEncoder.encode(email, StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8);
        var request = HttpRequest.newBuilder(base.resolve("/dashboard/login"))
                .timeout(Duration.ofSeconds(30))
                .header("content-type", "application/x-www-form-urlencoded")
                .header("origin", base.getScheme() + "://" + base.getRawAuthority())
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
        try (var client = client()) {
            var response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 303) {
                throw new IllegalStateException(
                        "POST /dashboard/login answered " + response.statusCode() + ": " + response.body());
            }
            var session = response.headers().allValues("set-cookie").stream()
                    .map(SET_COOKIE::matcher)
                    .filter(Matcher::find)
                    .map(matcher -> matcher.group(1))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("signing in set no " + COOKIE + " cookie"));
            return new DashboardBrowser(base, COOKIE + "=" + session);
        } catch (IOException e) {
            throw new IllegalStateException("the gateway could not be reached: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted signing in", e);
        }
    }

    /** The {@code cookie} header's value every request of this member carries. */
    public String cookie() {
        return cookie;
    }

    public URI base() {
        return base;
    }

    public Page get(String path) {
        var response = send(path, HttpResponse.BodyHandlers.ofString());
        return new Page(response.statusCode(), response.body());
    }

    /** A page that must answer 200. */
    public String page(String path) {
        var page = get(path);
        if (page.status() != 200) {
            throw new IllegalStateException("GET " + path + " answered " + page.status() + ": " + page.body());
        }
        return page.body();
    }

    /** The list page's "Older" link (HTML-unescaped), or null on its last page. */
    public static @Nullable String olderHref(String listPage) {
        var matcher = OLDER.matcher(listPage);
        return matcher.find() ? matcher.group(1).replace("&amp;", "&") : null;
    }

    /**
     * {@code path}'s HTML on a new connection, then every script and style it names at once (as a browser fetches
     * them after reading the page), nothing cached: the time to the HTML and to the last asset.
     */
    public FirstLoad firstLoad(String path) {
        try (var cold = client()) {
            long started = System.nanoTime();
            var html = cold.send(request(path), HttpResponse.BodyHandlers.ofString());
            if (html.statusCode() != 200) {
                throw new IllegalStateException("GET " + path + " answered " + html.statusCode());
            }
            var htmlTook = Duration.ofNanos(System.nanoTime() - started);
            var assets = new ArrayList<CompletableFuture<HttpResponse<byte[]>>>();
            var matcher = ASSET.matcher(html.body());
            while (matcher.find()) {
                assets.add(cold.sendAsync(request(matcher.group(1)), HttpResponse.BodyHandlers.ofByteArray()));
            }
            long bytes = html.body().getBytes(StandardCharsets.UTF_8).length;
            for (var asset : assets) {
                var response = asset.join();
                if (response.statusCode() != 200) {
                    throw new IllegalStateException(response.uri() + " answered " + response.statusCode());
                }
                bytes += response.body().length;
            }
            return new FirstLoad(htmlTook, Duration.ofNanos(System.nanoTime() - started), assets.size(), bytes);
        } catch (IOException e) {
            throw new IllegalStateException("the gateway could not be reached: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted loading " + path, e);
        }
    }

    /** Streams {@code path}'s CSV to its end, counting its rows (the header line not counted) and bytes. */
    public Export export(String path) {
        var response = send(path, HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET " + path + " answered " + response.statusCode() + ": "
                        + new String(body.readNBytes(500), StandardCharsets.UTF_8));
            }
            var buffer = new byte[64 * 1024];
            long lines = 0;
            long bytes = 0;
            int read;
            while ((read = body.read(buffer)) >= 0) {
                bytes += read;
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
            return new Export(Math.max(0, lines - 1), bytes);
        } catch (IOException e) {
            throw new IllegalStateException("reading " + path + " failed: " + e, e);
        }
    }

    private <T> HttpResponse<T> send(String path, HttpResponse.BodyHandler<T> handler) {
        try {
            return client.send(request(path), handler);
        } catch (IOException e) {
            throw new IllegalStateException("the gateway could not be reached: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted reading " + path, e);
        }
    }

    private HttpRequest request(String path) {
        return HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofMinutes(5))
                .header("cookie", cookie)
                .GET()
                .build();
    }

    private static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    @Override
    public void close() {
        client.close();
    }
}
