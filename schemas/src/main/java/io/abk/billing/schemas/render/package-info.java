/**
 * How resources look on the API, in webhooks and in the read model: one renderer per snapshot type, so every
 * place that shows a subscription or an invoice shows exactly the same fields.
 */
@NullMarked
package io.abk.billing.schemas.render;

import org.jspecify.annotations.NullMarked;
