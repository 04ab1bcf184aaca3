/** The embedded PostgreSQL server whose data directory survives restarts. */
@NullMarked
package io.abk.billing.localstack.postgres;

import org.jspecify.annotations.NullMarked;
