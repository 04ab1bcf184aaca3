/**
 * Checks of the deployment's files (docker-compose.yml, nginx, the secret and TLS scripts) and of every service's
 * refusal, under the production profile, of a secret everyone knows.
 */
@NullMarked
package io.abk.billing.systemtests.deploy;

import org.jspecify.annotations.NullMarked;
