/**
 * The shared contract of every service: Avro messages (generated into {@code io.abk.billing.schemas.avro}), the
 * typed topic catalog, serdes, money, ids and the test/live mode. Services depend on this module and never on each
 * other.
 */
@NullMarked
package io.abk.billing.schemas;

import org.jspecify.annotations.NullMarked;
