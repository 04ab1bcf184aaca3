package io.abk.billing.webhooks.attempt.http;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.Executor;

/** The Netty resolver group of one HTTP client: one {@link GuardedNameResolver} per event loop. */
final class GuardedResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    private final EndpointUrlGuard.Resolver dns;
    private final boolean allowLoopback;
    private final Executor blocking;

    GuardedResolverGroup(EndpointUrlGuard.Resolver dns, boolean allowLoopback, Executor blocking) {
        this.dns = dns;
        this.allowLoopback = allowLoopback;
        this.blocking = blocking;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new GuardedNameResolver(executor, dns, allowLoopback, blocking).asAddressResolver();
    }
}
