package io.abk.billing.gateway.command.idempotency;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a route's handler method: its answer shows a secret (a webhook signing secret, a new API key, an
 * authenticator's enrolment or its recovery codes, an invitation's link), so {@link IdempotencyStore} keeps the
 * answer an {@code Idempotency-Key} replays sealed, never in plain text. The route that makes the secret declares
 * it; the store seals exactly the answers of declared routes. {@code SecretAnswersIT} fails for a route whose
 * described answer holds a secret without this.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ShowsSecret {}
