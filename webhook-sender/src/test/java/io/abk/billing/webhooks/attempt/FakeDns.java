package io.abk.billing.webhooks.attempt;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names that resolve where the test says (DNS rebinding: a name that pointed somewhere public at registration now
 * answers a private address), counting lookups per name. Unknown names do not resolve.
 */
final class FakeDns implements EndpointUrlGuard.Resolver {

    private final Map<String, InetAddress[]> names;
    private final Map<String, AtomicInteger> lookups = new ConcurrentHashMap<>();

    FakeDns(Map<String, String[]> names) {
        this.names = new ConcurrentHashMap<>();
        names.forEach((name, addresses) -> this.names.put(name, parse(addresses)));
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        lookups.computeIfAbsent(host, h -> new AtomicInteger()).incrementAndGet();
        var addresses = names.get(host);
        if (addresses == null) {
            throw new UnknownHostException(host);
        }
        return addresses.clone();
    }

    int lookups(String host) {
        var count = lookups.get(host);
        return count == null ? 0 : count.get();
    }

    private static InetAddress[] parse(String[] literals) {
        var parsed = new InetAddress[literals.length];
        for (int i = 0; i < literals.length; i++) {
            try {
                // Literals only: getByName parses them without any lookup.
                parsed[i] = InetAddress.getByName(literals[i]);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(literals[i], e);
            }
        }
        return parsed;
    }
}
