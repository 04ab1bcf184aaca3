package io.abk.billing.gateway.command.idempotency;

import io.abk.billing.gateway.config.CommandsProperties;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.server.WebExceptionHandler;

/** Wires the idempotency filter, its store and the purge of expired records. */
@Configuration(proxyBeanMethods = false)
public class IdempotencyConfiguration {

    @Bean
    IdempotencyStore idempotencyStore(DatabaseClient db, CommandsProperties commands, SecretSealer sealer) {
        return new IdempotencyStore(db, commands.idempotencyLease(), commands.idempotencyKeyTtl(), sealer);
    }

    @Bean
    IdempotencyFilter idempotencyFilter(
            IdempotencyStore store,
            ObjectProvider<Clock> clock,
            CommandsProperties commands,
            ObjectProvider<WebExceptionHandler> exceptionHandlers,
            ObjectProvider<PublicRouteScopes> publicScopes) {
        return new IdempotencyFilter(
                store,
                clock.getIfAvailable(Clock::systemUTC),
                commands.retryAfter(),
                exceptionHandlers,
                publicScopes.getIfAvailable(() -> PublicRouteScopes.NONE));
    }

    @Bean
    ExpiredRecordsPurge expiredRecordsPurge(DatabaseClient db, CommandsProperties commands) {
        return new ExpiredRecordsPurge(db, commands.purgeInterval(), commands.outcomeRetention());
    }
}
