/**
 * The test/live mode of the key behind a record: {@link io.abk.billing.schemas.mode.Mode}, the plain enum every
 * service's domain uses, and {@link io.abk.billing.schemas.mode.ModeMapper}, its one mapping to and from the
 * generated wire enum (used by adapters only: the domain imports nothing generated).
 */
@NullMarked
package io.abk.billing.schemas.mode;

import org.jspecify.annotations.NullMarked;
