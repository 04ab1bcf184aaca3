package io.abk.billing.webhooks.attempt.http;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Resolves a host once, off the event loop (the JDK lookup blocks), and answers only addresses that pass
 * {@link EndpointUrlGuard#addressRefusal}: the connection goes to exactly the addresses checked, so a DNS answer that changes between
 * the check and the connect (rebinding) cannot slip a private address in.
 */
final class GuardedNameResolver extends InetNameResolver {

    private final EndpointUrlGuard.Resolver dns;
    private final boolean allowLoopback;
    private final Executor blocking;

    GuardedNameResolver(
            EventExecutor executor, EndpointUrlGuard.Resolver dns, boolean allowLoopback, Executor blocking) {
        super(executor);
        this.dns = dns;
        this.allowLoopback = allowLoopback;
        this.blocking = blocking;
    }

    @Override
    protected void doResolve(String host, Promise<InetAddress> promise) {
        resolveChecked(host, addresses -> promise.trySuccess(addresses.getFirst()), promise::tryFailure);
    }

    @Override
    protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
        resolveChecked(host, promise::trySuccess, promise::tryFailure);
    }

    private void resolveChecked(String host, Consumer<List<InetAddress>> ok, Consumer<Throwable> failed) {
        try {
            blocking.execute(() -> {
                try {
                    var addresses = List.of(dns.resolve(host));
                    var refusal = EndpointUrlGuard.addressRefusal(host, addresses, allowLoopback);
                    if (refusal == null) {
                        ok.accept(addresses);
                    } else {
                        failed.accept(new RefusedAddressException(refusal));
                    }
                } catch (UnknownHostException unknown) {
                    failed.accept(new RefusedAddressException(EndpointUrlGuard.unresolved(host)));
                } catch (RuntimeException bug) {
                    failed.accept(bug);
                }
            });
        } catch (RejectedExecutionException closing) {
            failed.accept(closing);
        }
    }
}
