/** Tests of the sender's tables in the shared database: a deployment's upgrade in place. */
@NullMarked
package io.abk.billing.webhooks.schema;

import org.jspecify.annotations.NullMarked;
