/** Typed reads of a service's environment variables, failing with the variable's name. */
@NullMarked
package io.abk.billing.opskit.config;

import org.jspecify.annotations.NullMarked;
