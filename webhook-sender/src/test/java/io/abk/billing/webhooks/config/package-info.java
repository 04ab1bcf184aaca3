/** Tests of the sender's settings. */
@NullMarked
package io.abk.billing.webhooks.config;

import org.jspecify.annotations.NullMarked;
