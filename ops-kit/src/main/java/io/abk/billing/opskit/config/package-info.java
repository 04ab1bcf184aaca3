/**
 * Typed reads of a service's environment variables, failing with the variable's name, and the start of what those
 * settings make (the sealer of webhook signing secrets).
 */
@NullMarked
package io.abk.billing.opskit.config;

import org.jspecify.annotations.NullMarked;
