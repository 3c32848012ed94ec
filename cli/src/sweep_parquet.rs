//! `--format parquet`: the sweep's table ([`crate::sweep_table`]) as one Apache Parquet row
//! group, integers as optional INT64 and text as optional UTF-8 columns, snappy pages, and
//! the whole JSON result (the `--format json` document) in the file's key-value metadata under
//! [`METADATA_KEY`], so one file carries both the table and every aggregate.
//!
//! Written with the `parquet` crate's low-level column writers (no Arrow), which keeps the
//! dependency to the CLI and its build short.

use crate::sweep_table::{Cells, Column};
use heaplab_engine::EngineError;
use parquet::basic::{Compression, LogicalType, Repetition, Type as Physical};
use parquet::data_type::{ByteArray, ByteArrayType, Int64Type};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;
use std::sync::Arc;

/// The key-value metadata entry that holds the JSON result.
pub const METADATA_KEY: &str = "heaplab-sweep";

fn parquet_error(e: parquet::errors::ParquetError) -> EngineError {
    EngineError::OutOfRange(format!("cannot write the parquet file: {e}"))
}

/// The Parquet schema of `columns`: one optional primitive field per column.
fn schema(columns: &[Column]) -> Result<Type, EngineError> {
    let fields = columns
        .iter()
        .map(|c| {
            let field = match c.cells {
                Cells::Int(_) => Type::primitive_type_builder(&c.name, Physical::INT64),
                Cells::Text(_) => Type::primitive_type_builder(&c.name, Physical::BYTE_ARRAY)
                    .with_logical_type(Some(LogicalType::String)),
            };
            let field = field.with_repetition(Repetition::OPTIONAL).build();
            field.map(Arc::new).map_err(parquet_error)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Type::group_type_builder("heaplab_sweep")
        .with_fields(fields)
        .build()
        .map_err(parquet_error)
}

/// The present values of a column and its definition levels (1 present, 0 null).
fn levels<T: Clone>(cells: &[Option<T>]) -> (Vec<T>, Vec<i16>) {
    let present = cells.iter().flatten().cloned().collect();
    let defined = cells.iter().map(|c| i16::from(c.is_some())).collect();
    (present, defined)
}

/// The Parquet file of `columns`, with `json` as its [`METADATA_KEY`] metadata.
pub fn write(columns: &[Column], json: String) -> Result<Vec<u8>, EngineError> {
    let properties = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_key_value_metadata(Some(vec![KeyValue::new(METADATA_KEY.into(), json)]))
        .build();
    let mut bytes = Vec::new();
    let schema = Arc::new(schema(columns)?);
    let mut writer = SerializedFileWriter::new(&mut bytes, schema, Arc::new(properties))
        .map_err(parquet_error)?;
    let mut group = writer.next_row_group().map_err(parquet_error)?;
    for column in columns {
        let mut out = group
            .next_column()
            .map_err(parquet_error)?
            .expect("one writer per schema column");
        let written = match &column.cells {
            Cells::Int(cells) => {
                let (values, defined) = levels(cells);
                out.typed::<Int64Type>()
                    .write_batch(&values, Some(&defined), None)
            }
            Cells::Text(cells) => {
                let (values, defined) = levels(cells);
                let values: Vec<ByteArray> =
                    values.into_iter().map(|s| s.into_bytes().into()).collect();
                out.typed::<ByteArrayType>()
                    .write_batch(&values, Some(&defined), None)
            }
        };
        written.and_then(|_| out.close()).map_err(parquet_error)?;
    }
    group.close().map_err(parquet_error)?;
    writer.close().map_err(parquet_error)?;
    Ok(bytes)
}
