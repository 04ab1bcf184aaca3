package io.abk.billing.endpointguard;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The SSRF guard of webhook URLs (docs/architecture.md, "Webhooks"). A live endpoint must be an absolute {@code https}
 * URL without userinfo whose host resolves only to public addresses (every address: a name with one public and one
 * private address is refused, as the client could pick either). Test mode follows the same rules unless
 * {@code allowLoopbackInTest}, which also lets it use {@code http} and loopback addresses (local receivers). Resolution
 * blocks: call it off the event loop. The sender must check again at delivery time, since DNS can change.
 */
public final class EndpointUrlGuard {

    public static final int MAX_URL_LENGTH = 2048;

    /** Resolves a host name to all its addresses ({@link InetAddress#getAllByName} in production). */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** The outcome: rejections are data, with a sentence for the API's error body. */
    public sealed interface Verdict {
        record Allowed(URI url) implements Verdict {}

        record Refused(String reason) implements Verdict {}
    }

    private final Resolver resolver;
    private final boolean allowLoopbackInTest;

    public EndpointUrlGuard(Resolver resolver, boolean allowLoopbackInTest) {
        this.resolver = resolver;
        this.allowLoopbackInTest = allowLoopbackInTest;
    }

    public static EndpointUrlGuard usingSystemDns(boolean allowLoopbackInTest) {
        return new EndpointUrlGuard(InetAddress::getAllByName, allowLoopbackInTest);
    }

    public Verdict check(String url, boolean live) {
        boolean relaxed = !live && allowLoopbackInTest;
        var shape = checkShape(url, live, relaxed);
        if (!(shape instanceof Verdict.Allowed allowed)) {
            return shape;
        }
        var host = allowed.url().getHost();
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(bare(host));
        } catch (UnknownHostException e) {
            return new Verdict.Refused(unresolved(host));
        }
        var refusal = addressRefusal(host, List.of(addresses), relaxed);
        return refusal == null ? shape : new Verdict.Refused(refusal);
    }

    /**
     * The rules on the URL itself, no DNS: at most {@link #MAX_URL_LENGTH} characters, absolute, {@code https} (or
     * {@code http} when {@code relaxed}), a host, no user info. The sender applies them again at delivery time,
     * before its own (single) lookup.
     */
    public static Verdict checkShape(String url, boolean live, boolean relaxed) {
        if (url.length() > MAX_URL_LENGTH) {
            return new Verdict.Refused("url must be at most " + MAX_URL_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return new Verdict.Refused("url is not a valid URL");
        }
        var scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute()
                || uri.isOpaque()
                || uri.getHost() == null
                || !(scheme.equals("https") || scheme.equals("http"))) {
            return new Verdict.Refused("url must be an absolute https URL with a host");
        }
        if (scheme.equals("http") && !relaxed) {
            return new Verdict.Refused("url must use https" + (live ? " in live mode" : ""));
        }
        if (uri.getRawUserInfo() != null) {
            return new Verdict.Refused("url must not contain a user name or password");
        }
        return new Verdict.Allowed(uri);
    }

    /**
     * Why {@code host} may not be connected to through {@code addresses} (every one must be public: a client could
     * pick any of them), or null when it may; {@code relaxed} lets loopback addresses pass.
     */
    public static @Nullable String addressRefusal(String host, List<InetAddress> addresses, boolean relaxed) {
        if (addresses.isEmpty()) {
            return unresolved(host);
        }
        for (var address : addresses) {
            if (relaxed && address.isLoopbackAddress()) {
                continue;
            }
            var why = AddressRules.whyNotPublic(address);
            if (why != null) {
                return "url's host '" + host + "' resolves to " + AddressRules.display(address) + ", which " + why
                        + "; webhooks are only sent to public addresses";
            }
        }
        return null;
    }

    public static String unresolved(String host) {
        return "url's host '" + host + "' does not resolve to an address";
    }

    /** The host of a URL without the brackets of an IPv6 literal. */
    public static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
