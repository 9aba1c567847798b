import SchemaReconciler

// GRDB has types with these names too; in the tests they mean the reconciler's model.
typealias Table = SchemaReconciler.Table
typealias Column = SchemaReconciler.Column
typealias Index = SchemaReconciler.Index
typealias ForeignKey = SchemaReconciler.ForeignKey
typealias View = SchemaReconciler.View
