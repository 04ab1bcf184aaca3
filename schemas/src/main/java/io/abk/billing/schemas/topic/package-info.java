/** The typed topic catalog: every topic name, its serdes, retention, writer and readers, declared once. */
@NullMarked
package io.abk.billing.schemas.topic;

import org.jspecify.annotations.NullMarked;
