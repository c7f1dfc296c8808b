//! The evaluators' weights as data: each evaluator reads a struct of weights, which the
//! tuner (`vorpal tune`) sees as one flat list of integers and prints back as the Rust
//! source of the struct, ready to paste into the evaluator's table.

use crate::Tapered;

/// A weight or a table of weights: something the tuner can walk and print.
pub trait Weights {
    /// Calls `f` with the name and a mutable reference of every integer, in order.
    fn visit(&mut self, name: &str, f: &mut dyn FnMut(&str, &mut i32));
    /// The value as a Rust expression, its inner lines indented by `indent` spaces.
    fn source(&self, indent: usize) -> String;
}

impl Weights for i32 {
    fn visit(&mut self, name: &str, f: &mut dyn FnMut(&str, &mut i32)) {
        f(name, self);
    }

    fn source(&self, _indent: usize) -> String {
        self.to_string()
    }
}

impl Weights for Tapered {
    fn visit(&mut self, name: &str, f: &mut dyn FnMut(&str, &mut i32)) {
        let (mut mg, mut eg) = (self.mg(), self.eg());
        f(&format!("{name}.mg"), &mut mg);
        f(&format!("{name}.eg"), &mut eg);
        *self = Tapered::new(mg, eg);
    }

    fn source(&self, _indent: usize) -> String {
        format!("t({}, {})", self.mg(), self.eg())
    }
}

impl<T: Weights, const N: usize> Weights for [T; N] {
    fn visit(&mut self, name: &str, f: &mut dyn FnMut(&str, &mut i32)) {
        for (i, item) in self.iter_mut().enumerate() {
            item.visit(&format!("{name}[{i}]"), f);
        }
    }

    fn source(&self, indent: usize) -> String {
        let inner = " ".repeat(indent + 4);
        let items: Vec<String> = self.iter().map(|item| item.source(indent + 4)).collect();
        if items.iter().all(|item| !item.contains('\n')) && N <= 8 {
            return format!("[{}]", items.join(", "));
        }
        // Eight to a line: a piece-square table reads as the board, rank by rank.
        let width = if items.iter().any(|item| item.contains('\n')) {
            1
        } else {
            8
        };
        let lines: Vec<String> = items
            .chunks(width)
            .map(|chunk| format!("{inner}{},", chunk.join(", ")))
            .collect();
        format!("[\n{}\n{}]", lines.join("\n"), " ".repeat(indent))
    }
}

/// The weights of one evaluator as a whole.
pub trait Params: Clone + Send + Sync {
    /// Calls `f` with the name and a mutable reference of every weight, in order.
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32));

    /// The Rust source of the struct, ready to paste after `const NAME: Type = `.
    fn source(&self) -> String;

    /// Every weight, in [`Params::visit`] order.
    fn values(&self) -> Vec<i32> {
        let mut values = Vec::new();
        self.clone().visit(&mut |_, value| values.push(*value));
        values
    }

    /// Each weight's name, as `field[index].mg`.
    fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.clone().visit(&mut |name, _| names.push(name.to_string()));
        names
    }

    /// Sets every weight from `values`, in [`Params::visit`] order.
    fn set_values(&mut self, values: &[i32]) -> Result<(), String> {
        let expected = self.values().len();
        if values.len() != expected {
            return Err(format!("{} weights given, the evaluator has {expected}", values.len()));
        }
        let mut next = values.iter();
        self.visit(&mut |_, value| *value = *next.next().expect("the length was checked"));
        Ok(())
    }
}

/// An evaluator built from a struct of weights.
pub trait Tunable {
    /// Its weights.
    type Params: Params;

    /// The weights it evaluates with.
    fn params(&self) -> &Self::Params;

    /// The evaluator with these weights.
    fn with_params(params: Self::Params) -> Self;
}

/// Declares a struct of weights with public fields, [`Params`] for it, and an evaluator
/// `$eval` that holds one ([`Tunable`], and `Default` from `$default`).
macro_rules! params {
    (
        $(#[$meta:meta])*
        pub struct $name:ident for $eval:ident = $default:expr;
        { $($(#[$field_meta:meta])* $field:ident: $ty:ty,)* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty,)*
        }

        impl $crate::params::Params for $name {
            fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
                $($crate::params::Weights::visit(&mut self.$field, stringify!($field), f);)*
            }

            fn source(&self) -> String {
                let mut text = format!("{} {{\n", stringify!($name));
                $(text += &format!(
                    "    {}: {},\n",
                    stringify!($field),
                    $crate::params::Weights::source(&self.$field, 4)
                );)*
                text + "}"
            }
        }

        impl $crate::params::Tunable for $eval {
            type Params = $name;

            fn params(&self) -> &$name {
                &self.params
            }

            fn with_params(params: $name) -> $eval {
                $eval { params }
            }
        }

        impl Default for $eval {
            fn default() -> $eval {
                $eval { params: $default }
            }
        }
    };
}

pub(crate) use params;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Eval {
        params: Small,
    }

    params! {
        /// A test struct.
        pub struct Small for Eval = Small { one: 3, pair: Tapered::new(1, 2), list: [4, 5] };
        {
            one: i32,
            pair: Tapered,
            list: [i32; 2],
        }
    }

    #[test]
    fn weights_are_listed_named_set_and_printed_in_order() {
        let mut small = Eval::default().params;
        assert_eq!(small.values(), vec![3, 1, 2, 4, 5]);
        assert_eq!(small.names(), ["one", "pair.mg", "pair.eg", "list[0]", "list[1]"]);
        small.set_values(&[6, 7, 8, 9, 10]).unwrap();
        assert_eq!(
            small,
            Small {
                one: 6,
                pair: Tapered::new(7, 8),
                list: [9, 10]
            }
        );
        assert!(small.set_values(&[1]).is_err());
        assert_eq!(
            small.source(),
            "Small {\n    one: 6,\n    pair: t(7, 8),\n    list: [9, 10],\n}"
        );
        assert_eq!(Eval::with_params(small.clone()).params(), &small);
    }
}
