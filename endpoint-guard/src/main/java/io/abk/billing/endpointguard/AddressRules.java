package io.abk.billing.endpointguard;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Which resolved addresses a webhook may be sent to: only public unicast ones. Says why an address is not public,
 * as the end of a sentence ("is a loopback address"), or null when it is.
 */
public final class AddressRules {

    private AddressRules() {}

    /** The address as people write it: dotted IPv4, or IPv6 with its longest run of zero groups as {@code ::}. */
    public static String display(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address.getHostAddress();
        }
        var bytes = address.getAddress();
        var groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1; // RFC 5952: a single zero group is not shortened
        for (int i = 0; i < 8; i++) {
            int length = 0;
            while (i + length < 8 && groups[i + length] == 0) {
                length++;
            }
            if (length > bestLength) {
                bestStart = i;
                bestLength = length;
            }
        }
        var text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }

    /** Why {@code address} is not a public unicast address, or null when it is one. */
    public static @Nullable String whyNotPublic(InetAddress address) {
        if (address instanceof Inet6Address v6) {
            var embedded = embeddedIpv4(v6.getAddress());
            if (embedded != null) {
                var why = whyNotPublicV4(embedded);
                return why == null ? null : why + " (inside an IPv6 address)";
            }
        }
        if (address.isAnyLocalAddress()) {
            return "is the unspecified address";
        }
        if (address.isLoopbackAddress()) {
            return "is a loopback address";
        }
        if (address.isLinkLocalAddress()) {
            return "is a link-local address (this includes cloud metadata services)";
        }
        if (address.isSiteLocalAddress()) {
            return "is a private network address";
        }
        if (address.isMulticastAddress()) {
            return "is a multicast address";
        }
        return address instanceof Inet4Address
                ? whyNotPublicV4(address.getAddress())
                : whyNotPublicV6(address.getAddress());
    }

    /** Also catches what {@link InetAddress}'s own predicates do not: CGNAT, "this network", reserved and broadcast. */
    private static @Nullable String whyNotPublicV4(byte[] a) {
        int first = a[0] & 0xff;
        int second = a[1] & 0xff;
        if (first == 0) {
            return "is in 0.0.0.0/8 (this network)";
        }
        if (first == 127) {
            return "is a loopback address";
        }
        if (first == 10 || (first == 172 && (second & 0xf0) == 16) || (first == 192 && second == 168)) {
            return "is a private network address";
        }
        if (first == 169 && second == 254) {
            return "is a link-local address (this includes cloud metadata services)";
        }
        if (first == 100 && (second & 0xc0) == 64) {
            return "is a carrier-grade NAT address (100.64.0.0/10)";
        }
        if (first >= 224) {
            return first < 240 ? "is a multicast address" : "is a reserved or broadcast address";
        }
        return null;
    }

    private static @Nullable String whyNotPublicV6(byte[] a) {
        if ((a[0] & 0xfe) == 0xfc) {
            return "is a unique-local address (fc00::/7)";
        }
        if ((a[0] & 0xff) == 0xfe && (a[1] & 0xc0) == 0x80) {
            return "is a link-local address";
        }
        return null;
    }

    /**
     * The IPv4 address inside an IPv4-mapped ({@code ::ffff:a.b.c.d}), IPv4-compatible ({@code ::a.b.c.d}) or
     * NAT64 ({@code 64:ff9b::a.b.c.d}) IPv6 address: each reaches that IPv4 host, so it must pass the IPv4 rules.
     */
    static byte @Nullable [] embeddedIpv4(byte[] a) {
        var head = Arrays.copyOfRange(a, 0, 12);
        var tail = Arrays.copyOfRange(a, 12, 16);
        boolean zeros10 = Arrays.equals(Arrays.copyOfRange(a, 0, 10), new byte[10]);
        boolean mapped = zeros10 && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff;
        boolean compatible = Arrays.equals(head, new byte[12])
                && !Arrays.equals(tail, new byte[4])
                && !Arrays.equals(tail, new byte[] {0, 0, 0, 1});
        boolean nat64 = Arrays.equals(head, new byte[] {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0});
        return mapped || compatible || nat64 ? tail : null;
    }
}
